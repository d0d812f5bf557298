/**
 * What a simulated dashboard sends and receives on the wire: a `fetch` on node:http with a
 * browser's keep-alive pool (6 connections), and `ws` sockets, both counted. The byte counts are
 * the TCP payload the server wrote to the dashboard's sockets (headers and frames included), so
 * they are the server's bytes sent to dashboards without touching the server.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { SocketLike } from '../../packages/core/src/index.js';

export class Wire {
  private readonly sockets = new Set<Socket>();
  private closedBytes = 0;
  /** Requests by `METHOD /path` (no query). */
  readonly requests = new Map<string, number>();
  readonly agent: http.Agent;

  constructor() {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const create = (this.agent as unknown as { createConnection: (...a: unknown[]) => Socket }).createConnection.bind(this.agent);
    (this.agent as unknown as { createConnection: (...a: unknown[]) => Socket }).createConnection = (...args: unknown[]) => {
      const socket = create(...args);
      this.track(socket);
      return socket;
    };
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => {
      this.closedBytes += socket.bytesRead;
      this.sockets.delete(socket);
    });
  }

  /** Bytes received on every socket so far. */
  bytesReceived(): number {
    let n = this.closedBytes;
    for (const s of this.sockets) n += s.bytesRead;
    return n;
  }

  requestCount(): number {
    let n = 0;
    for (const v of this.requests.values()) n += v;
    return n;
  }

  /** A `fetch` for core's HTTP client. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const route = `${req.method} ${url.pathname}`;
    this.requests.set(route, (this.requests.get(route) ?? 0) + 1);
    return new Promise<Response>((resolve, reject) => {
      const r = http.request(
        { hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: req.method, headers: Object.fromEntries(req.headers), agent: this.agent, signal: req.signal },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 500;
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      r.on('error', reject);
      r.end(body);
    });
  };

  /** A socket factory for core's realtime client. */
  readonly socket = (url: string): SocketLike => {
    const ws = new WebSocket(url);
    ws.once('upgrade', (res) => this.track(res.socket));
    return ws as unknown as SocketLike;
  };

  close(): void {
    this.agent.destroy();
  }
}
