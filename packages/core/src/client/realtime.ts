import type { RealtimeTopic } from '../realtime-topics';
import {
  CLOSE_CODES,
  RealtimeFrameError,
  changeOn,
  decodeServerFrame,
  encodeClientFrame,
  type ChangeFrame,
  type ClientFrame,
  type ServerFrame,
  type SubscriptionFilter,
} from '../realtime/protocol';

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
  /** Each change on `topic` (with `filter`, only rows whose fields equal it), carrying that topic's row type. */
  subscribe<T extends RealtimeTopic>(topic: T, onChange: (change: ChangeFrame<T>) => void, filter?: SubscriptionFilter): () => void;
  /**
   * Called when changes were missed beyond the server's retention, many rows of a topic changed
   * at once, or a frame could not be read: refetch everything.
   */
  onResync(handler: () => void): () => void;
  /** The last `seq` received. */
  readonly lastSeq: number;
  close(): void;
}

interface Sub {
  id: string;
  topic: RealtimeTopic;
  filter: SubscriptionFilter | undefined;
  handler: (c: ChangeFrame) => void;
}

const OPEN = 1;
/** A server going away on purpose: another process can serve at once, so the client reconnects without backing off. */
const RECONNECT_NOW = new Set<number>([CLOSE_CODES.goingAway, CLOSE_CODES.serviceRestart]);

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
  const send = (frame: ClientFrame) => socket?.readyState === OPEN && socket.send(encodeClientFrame(frame));
  const subscribeFrame = (s: Sub): ClientFrame => ({ type: 'subscribe', id: s.id, topic: s.topic, ...(s.filter ? { filter: s.filter } : {}) });
  const resync = () => resyncHandlers.forEach((h) => h());

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

  /** Hands a change to the subscriptions of its topic whose filter its row passes. */
  function deliver(change: ChangeFrame): void {
    for (const s of subs.values()) {
      if (s.topic !== change.topic) continue;
      if (s.filter && change.op !== 'delete' && !Object.entries(s.filter).every(([k, v]) => (change.row as Record<string, unknown>)[k] === v)) continue;
      s.handler(change);
    }
  }

  function receive(frame: ServerFrame): void {
    if (frame.type === 'ready') {
      attempt = 0;
      status('open');
      if (!everReady) lastSeq = Math.max(lastSeq, frame.seq);
      everReady = true;
      for (const s of subs.values()) send(subscribeFrame(s));
      // Resuming even on the first connection closes the gap between auth and subscribe.
      send({ type: 'resume', since: lastSeq });
    } else if (frame.type === 'change') {
      if (frame.seq <= lastSeq) return;
      lastSeq = frame.seq;
      deliver(frame);
    } else if (frame.type === 'resync') {
      // A topic-wide change (a large import) carries its seq: it is not replayed on resume.
      if ('seq' in frame) lastSeq = Math.max(lastSeq, frame.seq);
      resync();
    } else if (frame.type === 'error' && frame.code === 'unauthorized') {
      status('unauthorized');
    }
  }

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
    ws.onopen = () => ws.send(encodeClientFrame({ type: 'auth', token }));
    ws.onmessage = (ev) => {
      let frame: ServerFrame;
      try {
        frame = decodeServerFrame(String(ev.data));
      } catch (error) {
        if (!(error instanceof RealtimeFrameError)) throw error;
        // It may have carried a change: refetching is the one answer that cannot leave data stale.
        console.warn(`[Cadence] realtime: unreadable frame (${error.message}); refetching`);
        resync();
        return;
      }
      receive(frame);
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
      const sub: Sub = {
        id: `s${nextId++}`,
        topic,
        filter,
        handler: (change) => {
          const on = changeOn(change, topic);
          if (on) handler(on);
        },
      };
      subs.set(sub.id, sub);
      if (socket?.readyState === OPEN) send(subscribeFrame(sub));
      else if (!socket) void connect();
      return () => {
        subs.delete(sub.id);
        send({ type: 'unsubscribe', id: sub.id });
        if (!subs.size) {
          socket?.close(CLOSE_CODES.normal, 'No subscriptions');
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
      socket?.close(CLOSE_CODES.normal, 'Closed');
      socket = null;
    },
  };
}
