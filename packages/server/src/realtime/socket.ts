import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { REALTIME_LIMITS } from '@cadence/core';
import { WebSocketServer, type WebSocket } from 'ws';
import { loadAccessKeyAuth, resolveCredential, resolveShareLink } from '../auth/credentials';
import { loadPrincipalRecord, toPrincipal } from '../auth/users';
import type { Services } from '../services';
import { isAllowedOrigin } from '../http/origins';
import { RealtimeConnection, type ConnectionDeps } from './connection';
import type { ChangeHub } from './hub';

export const REALTIME_PATH = '/api/realtime';
const { maxFrameBytes: MAX_FRAME, pingIntervalMs: PING_MS } = REALTIME_LIMITS;

export interface RealtimeServer {
  /**
   * Stops the feed. With a code (a shutdown: 1012 Service Restart), each client is told why and
   * reconnects elsewhere, resuming from its last seq; without one, sockets are dropped.
   */
  close(reason?: { code: number; reason: string }): Promise<void>;
  clients(): number;
}

/** The WebSocket feed of docs/architecture.md#realtime on the HTTP server's upgrade path; each socket is a RealtimeConnection. */
export function attachRealtime(s: Services, server: Server, hub: ChangeHub): RealtimeServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
  const connections = new Set<RealtimeConnection>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== REALTIME_PATH) return;
    if (!isAllowedOrigin(s.site, req.headers.origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nOrigin not allowed');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);

  const unsubscribeHub = hub.subscribe((batch) => {
    for (const c of connections) c.offer(batch);
  });

  const deps: ConnectionDeps = {
    hub,
    log: s.log,
    resolveCredential: (token) => resolveCredential(s, token),
    // A key is read again whole (limits, creator's rights, bound view); a session keeps its id and gets the user's current rights.
    reloadAuth: async (auth) => {
      // A link through the principal cache: it is asked on every batch, and a revoke empties the cache.
      if (auth.link) {
        const link = await resolveShareLink(s, auth.link.id);
        return 'auth' in link ? link.auth : null;
      }
      if (auth.accessKeyId) return loadAccessKeyAuth(s, { 'k.id': auth.accessKeyId });
      const record = await loadPrincipalRecord(s.db, auth.principal.userId);
      return record ? { ...auth, principal: toPrincipal(record), user: record.user } : null;
    },
  };
  wss.on('connection', (ws: WebSocket) => {
    const c = new RealtimeConnection(ws, deps, () => connections.delete(c));
    connections.add(c);
  });

  const pinger = setInterval(() => {
    for (const c of connections) c.heartbeat();
  }, PING_MS);
  pinger.unref();

  return {
    clients: () => connections.size,
    close: async (reason) => {
      clearInterval(pinger);
      unsubscribeHub();
      server.off('upgrade', onUpgrade);
      for (const c of connections) {
        if (reason) c.close(reason.code, reason.reason);
        else c.terminate();
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
