import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Principal } from '@cadence/core';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { resolveCredential } from '../auth/credentials';
import { loadPrincipalRecord, toPrincipal } from '../auth/users';
import { TOPICS, type Topic } from '../data/changes';
import type { Services } from '../services';
import { canReadChange, matchesFilter } from './access';
import type { ChangeHub, ChangeRecord } from './hub';
import { isAllowedOrigin } from '../http/origins';

export const REALTIME_PATH = '/api/realtime';
const MAX_FRAME = 64 * 1024;
const PING_MS = 30_000;
const AUTH_TIMEOUT_MS = 10_000;
const REVALIDATE_MS = 60_000;
const MAX_BUFFERED = 8 * 1024 * 1024;

const filterSchema = z.record(z.string().max(64), z.union([z.string().max(300), z.number(), z.boolean(), z.null()])).optional();
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), id: z.string().min(1).max(64), topic: z.enum(TOPICS), filter: filterSchema }),
  z.object({ type: z.literal('unsubscribe'), id: z.string().min(1).max(64) }),
  z.object({ type: z.literal('resume'), since: z.number().int().min(0) }),
]);

interface Subscription {
  topic: Topic;
  filter: Record<string, unknown> | undefined;
}

/** One connected client: its credential, subscriptions and how far it has been served. */
class Connection {
  token: string | null = null;
  principal: Principal | null = null;
  subs = new Map<string, Subscription>();
  cursor = 0;
  replaying = false;
  alive = true;
  queue: Promise<void> = Promise.resolve();

  constructor(readonly ws: WebSocket) {}

  send(message: object): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED) {
      // A client this far behind resumes from its last seq after reconnecting.
      this.ws.close(1013, 'Too far behind; reconnect and resume');
      return;
    }
    this.ws.send(JSON.stringify(message));
  }
}

export interface RealtimeServer {
  close(): Promise<void>;
  clients(): number;
}

/** The WebSocket feed of DESIGN §7 on the HTTP server's upgrade path. */
export function attachRealtime(s: Services, server: Server, hub: ChangeHub): RealtimeServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
  const connections = new Set<Connection>();

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

  const deliver = async (c: Connection, batch: ChangeRecord[]) => {
    for (const change of batch) {
      if (change.seq <= c.cursor) continue;
      if (change.topic === 'permissions' && change.row?.user_id === c.principal?.userId) await refreshPrincipal(c);
      c.cursor = change.seq;
      if (change.op === 'resync') {
        // Says only that the topic changed, which every subscriber may know; no row is sent.
        if ([...c.subs.values()].some((sub) => sub.topic === change.topic)) c.send({ type: 'resync', seq: change.seq, topic: change.topic });
        continue;
      }
      const p = c.principal;
      if (!p || !canReadChange(p, change.topic, change.row)) continue;
      const wanted = [...c.subs.values()].some((sub) => sub.topic === change.topic && matchesFilter(sub.filter, change.row));
      if (!wanted) continue;
      c.send(
        change.op === 'delete'
          ? { type: 'change', seq: change.seq, topic: change.topic, op: 'delete', id: change.row_id }
          : { type: 'change', seq: change.seq, topic: change.topic, op: change.op, row: change.row },
      );
    }
  };

  const refreshPrincipal = async (c: Connection) => {
    if (!c.principal) return;
    const record = await loadPrincipalRecord(s.db, c.principal.userId);
    c.principal = record ? toPrincipal(record, { readOnly: c.principal.readOnly, channels: c.principal.channels ?? null }) : null;
  };

  const unsubscribeHub = hub.subscribe((batch) => {
    for (const c of connections) {
      if (!c.principal || c.replaying) continue;
      c.queue = c.queue.then(() => deliver(c, batch)).catch((err) => s.log.warn({ err }, 'realtime delivery failed'));
    }
  });

  const replay = async (c: Connection, since: number) => {
    if (await hub.isPruned(since)) {
      c.cursor = Math.max(c.cursor, hub.position);
      c.send({ type: 'resync' });
      return;
    }
    c.replaying = true;
    c.cursor = since;
    try {
      for (;;) {
        const batch = await hub.read(c.cursor, 1000);
        if (!batch.length) break;
        await deliver(c, batch);
      }
    } finally {
      c.replaying = false;
    }
  };

  wss.on('connection', (ws: WebSocket) => {
    const c = new Connection(ws);
    connections.add(c);
    const authTimer = setTimeout(() => !c.principal && ws.close(4401, 'Authenticate first'), AUTH_TIMEOUT_MS);
    const revalidate = setInterval(async () => {
      if (!c.token) return;
      const result = await resolveCredential(s, c.token).catch(() => null);
      if (result && 'failure' in result) {
        c.send({ type: 'error', code: 'unauthorized', message: result.failure });
        ws.close(4401, 'Credential no longer valid');
      }
    }, REVALIDATE_MS);
    ws.on('pong', () => (c.alive = true));
    ws.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(revalidate);
      connections.delete(c);
    });
    ws.on('error', () => ws.terminate());

    ws.on('message', (data, isBinary) => {
      c.queue = c.queue
        .then(() => handle(c, isBinary ? null : data.toString()))
        .catch((err) => {
          s.log.warn({ err }, 'realtime message failed');
          c.send({ type: 'error', code: 'internal', message: 'The message could not be handled' });
        });
    });
  });

  const handle = async (c: Connection, raw: string | null) => {
    let json: unknown;
    try {
      json = raw === null ? null : JSON.parse(raw);
    } catch {
      json = null;
    }
    const parsed = messageSchema.safeParse(json);
    if (!parsed.success) {
      c.send({ type: 'error', code: 'validation_failed', message: 'Messages are JSON objects with a known type (auth, subscribe, unsubscribe, resume)' });
      if (!c.principal) c.ws.close(4401, 'Authenticate first');
      return;
    }
    const msg = parsed.data;
    if (msg.type === 'auth') {
      const result = await resolveCredential(s, msg.token);
      if ('failure' in result) {
        c.send({ type: 'error', code: 'unauthorized', message: result.failure });
        c.ws.close(4401, 'Unauthorized');
        return;
      }
      const first = !c.principal;
      c.token = msg.token;
      c.principal = result.auth.principal;
      if (first) c.cursor = hub.position;
      c.send({ type: 'ready', seq: c.cursor });
      return;
    }
    if (!c.principal) {
      c.send({ type: 'error', code: 'unauthorized', message: 'Send {"type":"auth","token":…} first' });
      c.ws.close(4401, 'Authenticate first');
      return;
    }
    if (msg.type === 'subscribe') {
      if (c.subs.size >= 50 && !c.subs.has(msg.id)) {
        c.send({ type: 'error', code: 'validation_failed', message: 'At most 50 subscriptions per connection' });
        return;
      }
      c.subs.set(msg.id, { topic: msg.topic, filter: msg.filter });
      c.send({ type: 'subscribed', id: msg.id });
    } else if (msg.type === 'unsubscribe') {
      c.subs.delete(msg.id);
      c.send({ type: 'unsubscribed', id: msg.id });
    } else {
      await replay(c, msg.since);
    }
  };

  const pinger = setInterval(() => {
    for (const c of connections) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }, PING_MS);
  pinger.unref();

  return {
    clients: () => connections.size,
    close: async () => {
      clearInterval(pinger);
      unsubscribeHub();
      server.off('upgrade', onUpgrade);
      for (const c of connections) c.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
