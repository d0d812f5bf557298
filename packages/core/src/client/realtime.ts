import type { CountedBasis } from '../rules/stats-in-place';
import type { RealtimeTopic } from '../realtime-topics';

/** Minimal WebSocket surface, so browsers' WebSocket and the `ws` package both fit. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

export interface ChangeMessage<Row = Record<string, unknown>> {
  type: 'change';
  seq: number;
  topic: RealtimeTopic;
  op: 'insert' | 'update' | 'delete';
  row?: Row;
  id?: string;
  /** Campaigns: what the reader's counts held for the row before (docs/adr/0034). */
  basis?: CountedBasis;
}

export type RealtimeStatus = 'connecting' | 'open' | 'closed' | 'unauthorized';

export interface RealtimeClientOptions {
  /** Server base URL (http… or ws…); the client connects to `/api/realtime`. */
  apiUrl: string;
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** Defaults to the global WebSocket (browsers, Node 22+). */
  socketFactory?: SocketFactory;
  onStatus?: (status: RealtimeStatus) => void;
  /** Backoff bounds in ms. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface RealtimeClient {
  subscribe<Row = Record<string, unknown>>(
    topic: RealtimeTopic,
    onChange: (change: ChangeMessage<Row>) => void,
    filter?: Record<string, string | number | boolean | null>,
  ): () => void;
  /** Called when changes were missed beyond the server's retention: refetch everything. */
  onResync(handler: () => void): () => void;
  /** The last `seq` received. */
  readonly lastSeq: number;
  close(): void;
}

interface Sub {
  id: string;
  topic: RealtimeTopic;
  filter: Record<string, unknown> | undefined;
  handler: (c: ChangeMessage<any>) => void;
}

const OPEN = 1;
/**
 * Close codes of a server that is going away on purpose (1001 Going Away, 1012 Service Restart):
 * another process can serve at once, so the client reconnects without backing off.
 */
const RECONNECT_NOW = new Set([1001, 1012]);

function defaultFactory(url: string): SocketLike {
  const WS = (globalThis as { WebSocket?: new (url: string) => SocketLike }).WebSocket;
  if (!WS) throw new Error('[Cadence] No WebSocket available: pass socketFactory (e.g. from the "ws" package).');
  return new WS(url);
}

/**
 * Subscribes to the realtime feed (docs/architecture.md#realtime-messages). It reconnects with exponential backoff and
 * jitter (at once when the server closes with 1012 Service Restart, as a process shutting down
 * does), re-subscribes, and resumes from the last `seq` it saw, so no change is lost to a
 * dropped connection; past the server's retention it reports a resync instead.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const url = `${options.apiUrl.replace(/\/+$/, '').replace(/^http/, 'ws')}/api/realtime`;
  const factory = options.socketFactory ?? defaultFactory;
  const min = options.minDelayMs ?? 250;
  const max = options.maxDelayMs ?? 30_000;
  const subs = new Map<string, Sub>();
  const resyncHandlers = new Set<() => void>();
  let socket: SocketLike | null = null;
  let lastSeq = 0;
  let everReady = false;
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextId = 1;

  const status = (s: RealtimeStatus) => options.onStatus?.(s);
  const send = (msg: object) => socket?.readyState === OPEN && socket.send(JSON.stringify(msg));
  const subscribeMsg = (s: Sub) => ({ type: 'subscribe', id: s.id, topic: s.topic, ...(s.filter ? { filter: s.filter } : {}) });

  function schedule(promptly = false): void {
    if (closed || timer || !subs.size) return;
    // Promptly still spreads a restart's clients over up to minDelayMs, so they do not all land at once.
    const delay = promptly ? Math.random() * min : Math.min(max, min * 2 ** attempt) * (0.5 + Math.random() / 2);
    if (promptly) attempt = 0;
    else attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
  }

  let connecting = false;

  async function connect(): Promise<void> {
    // Several subscriptions in one tick share one connection attempt.
    if (closed || socket || connecting) return;
    connecting = true;
    status('connecting');
    let token: string | null | undefined;
    try {
      token = await options.getToken();
    } catch {
      token = null;
    }
    if (!token || closed) {
      connecting = false;
      if (!closed) {
        status('unauthorized');
        schedule();
      }
      return;
    }
    const ws = factory(url);
    socket = ws;
    connecting = false;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (ev) => {
      let msg: { type?: string; seq?: number; code?: string; topic?: RealtimeTopic; row?: Record<string, unknown> };
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg.type === 'ready') {
        attempt = 0;
        status('open');
        if (!everReady) lastSeq = Math.max(lastSeq, msg.seq ?? 0);
        everReady = true;
        for (const s of subs.values()) send(subscribeMsg(s));
        // Resuming even on the first connection closes the gap between auth and subscribe.
        send({ type: 'resume', since: lastSeq });
      } else if (msg.type === 'change' && typeof msg.seq === 'number') {
        if (msg.seq <= lastSeq) return;
        lastSeq = msg.seq;
        for (const s of subs.values()) {
          if (s.topic !== msg.topic) continue;
          if (s.filter && msg.row && !Object.entries(s.filter).every(([k, v]) => (msg.row as Record<string, unknown>)[k] === v)) continue;
          s.handler(msg as ChangeMessage);
        }
      } else if (msg.type === 'resync') {
        // A topic-wide change (a large import) carries its seq: it is not replayed on resume.
        if (typeof msg.seq === 'number') lastSeq = Math.max(lastSeq, msg.seq);
        resyncHandlers.forEach((h) => h());
      } else if (msg.type === 'error' && msg.code === 'unauthorized') {
        status('unauthorized');
      }
    };
    ws.onclose = (ev) => {
      if (socket === ws) socket = null;
      if (closed) return;
      status('closed');
      schedule(RECONNECT_NOW.has(ev?.code));
    };
    ws.onerror = () => ws.close();
  }

  return {
    get lastSeq() {
      return lastSeq;
    },
    subscribe(topic, handler, filter) {
      const sub: Sub = { id: `s${nextId++}`, topic, filter, handler: handler as Sub['handler'] };
      subs.set(sub.id, sub);
      if (socket?.readyState === OPEN) send(subscribeMsg(sub));
      else if (!socket) void connect();
      return () => {
        subs.delete(sub.id);
        send({ type: 'unsubscribe', id: sub.id });
        if (!subs.size) {
          socket?.close(1000, 'No subscriptions');
          socket = null;
        }
      };
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => resyncHandlers.delete(handler);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close(1000, 'Closed');
      socket = null;
    },
  };
}
