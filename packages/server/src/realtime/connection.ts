import { CLOSE_CODES, REALTIME_LIMITS, RealtimeFrameError, decodeClientFrame, encodeServerFrame, presentAnswerForLink, type ClientFrame, type Principal, type ServerFrame } from '@cadence/core';
import type { RawData, WebSocket } from 'ws';
import type { AuthState } from '../auth/auth-state';
import type { CredentialResult } from '../auth/credentials';
import type { Logger } from '../logger';
import { changesWhoCallerIs, deliver, type Subscription } from './deliver';
import type { ChangeHub, ChangeRecord } from './hub';

const REVALIDATE_MS = 60_000;
const MAX_BUFFERED = 8 * 1024 * 1024;
const { authTimeoutMs: AUTH_TIMEOUT_MS, subscriptionsPerConnection: MAX_SUBSCRIPTIONS } = REALTIME_LIMITS;

/** What a connection needs from the rest of the server: socket.ts passes the real ones, tests fakes. */
export interface ConnectionDeps {
  hub: Pick<ChangeHub, 'position' | 'isPruned' | 'read'>;
  /** A bearer credential → who it is, or why it is refused (auth/credentials.ts). */
  resolveCredential(token: string): Promise<CredentialResult>;
  /**
   * The same caller as it is now: a session's current role and permissions, a key's current
   * limits, creator's rights and bound view (read from the database, not a cache); null once gone.
   */
  reloadAuth(auth: AuthState): Promise<AuthState | null>;
  log: Pick<Logger, 'warn'>;
}

/** A frame as a stakeholder link shows it: a campaign row with only the fields its sharer ticked. */
function linkFrame(frame: ServerFrame, fields: readonly string[]): ServerFrame {
  return frame.type === 'change' && 'row' in frame && frame.row ? ({ ...frame, row: presentAnswerForLink(frame.row, fields) } as ServerFrame) : frame;
}

const encodings = new WeakMap<ServerFrame, string>();

/** A frame's JSON, encoded once however many connections send the same frame object. */
function encoded(frame: ServerFrame): string {
  let text = encodings.get(frame);
  if (text === undefined) {
    text = encodeServerFrame(frame);
    encodings.set(frame, text);
  }
  return text;
}

/**
 * One connected client: its credential, subscriptions and how far it has been served. Its
 * messages and the hub's batches run one at a time on `queue`, so frames leave in `seq` order.
 */
export class RealtimeConnection {
  private token: string | null = null;
  private auth: AuthState | null = null;
  private get principal(): Principal | null {
    return this.auth?.principal ?? null;
  }
  private readonly subs = new Map<string, Subscription>();
  private cursor = 0;
  private replaying = false;
  private alive = true;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: ConnectionDeps,
    onClose: () => void,
  ) {
    const authTimer = setTimeout(() => !this.principal && ws.close(CLOSE_CODES.unauthorized, 'Authenticate first'), AUTH_TIMEOUT_MS);
    const revalidate = setInterval(() => void this.revalidate(), REVALIDATE_MS);
    ws.on('pong', () => (this.alive = true));
    ws.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(revalidate);
      onClose();
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
  }

  /** A batch the hub has just read; a resume in progress reads the same changes from the log itself. */
  offer(batch: ChangeRecord[]): void {
    if (!this.principal || this.replaying) return;
    this.queue = this.queue.then(() => this.serve(batch)).catch((err) => this.deps.log.warn({ err }, 'realtime delivery failed'));
  }

  /** Runs every ping interval: a client that left the last ping unanswered is gone. */
  heartbeat(): void {
    if (!this.alive) {
      this.ws.terminate();
      return;
    }
    this.alive = false;
    this.ws.ping();
  }

  terminate(): void {
    this.ws.terminate();
  }

  /** A closing handshake with this code; a client that does not answer within a second is dropped. */
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  private send(frame: ServerFrame): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED) {
      // A client this far behind resumes from its last seq after reconnecting.
      this.ws.close(CLOSE_CODES.tooFarBehind, 'Too far behind; reconnect and resume');
      return;
    }
    this.ws.send(encoded(frame));
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.queue = this.queue
      .then(() => this.handle(isBinary ? null : data.toString()))
      .catch((err) => {
        this.deps.log.warn({ err }, 'realtime message failed');
        this.send({ type: 'error', code: 'internal', message: 'The message could not be handled' });
      });
  }

  private async handle(raw: string | null): Promise<void> {
    let msg: ClientFrame;
    try {
      if (raw === null) throw new RealtimeFrameError('Frames are JSON text, not binary');
      msg = decodeClientFrame(raw);
    } catch (error) {
      if (!(error instanceof RealtimeFrameError)) throw error;
      this.send({ type: 'error', code: 'validation_failed', message: error.message });
      if (!this.principal) this.ws.close(CLOSE_CODES.unauthorized, 'Authenticate first');
      return;
    }
    if (msg.type === 'auth') return this.authenticate(msg.token);
    if (!this.principal) {
      this.send({ type: 'error', code: 'unauthorized', message: 'Send {"type":"auth","token":…} first' });
      this.ws.close(CLOSE_CODES.unauthorized, 'Authenticate first');
      return;
    }
    if (msg.type === 'subscribe') {
      if (this.subs.size >= MAX_SUBSCRIPTIONS && !this.subs.has(msg.id)) {
        this.send({ type: 'error', code: 'validation_failed', message: `At most ${MAX_SUBSCRIPTIONS} subscriptions per connection` });
        return;
      }
      this.subs.set(msg.id, { topic: msg.topic, filter: msg.filter });
      this.send({ type: 'subscribed', id: msg.id });
    } else if (msg.type === 'unsubscribe') {
      this.subs.delete(msg.id);
      this.send({ type: 'unsubscribed', id: msg.id });
    } else {
      await this.replay(msg.since);
    }
  }

  /** The first auth starts the feed at the hub's position; a later one (a refreshed token) keeps it. */
  private async authenticate(token: string): Promise<void> {
    const result = await this.deps.resolveCredential(token);
    if ('failure' in result) {
      this.send({ type: 'error', code: 'unauthorized', message: result.failure });
      this.ws.close(CLOSE_CODES.unauthorized, 'Unauthorized');
      return;
    }
    const first = !this.principal;
    this.token = token;
    this.auth = result.auth;
    if (first) this.cursor = this.deps.hub.position;
    this.send({ type: 'ready', seq: this.cursor });
  }

  /** A signed-in connection outlives its credential's revocation by at most REVALIDATE_MS. */
  private async revalidate(): Promise<void> {
    if (!this.token) return;
    const result = await this.deps.resolveCredential(this.token).catch(() => null);
    if (result && 'failure' in result) {
      this.send({ type: 'error', code: 'unauthorized', message: result.failure });
      this.ws.close(CLOSE_CODES.unauthorized, 'Credential no longer valid');
    }
  }

  private async replay(since: number): Promise<void> {
    if (await this.deps.hub.isPruned(since)) {
      this.cursor = Math.max(this.cursor, this.deps.hub.position);
      this.send({ type: 'resync' });
      return;
    }
    this.replaying = true;
    this.cursor = since;
    try {
      // Until this reader has reached the hub: a batch the hub offered meanwhile was skipped.
      for (;;) {
        const batch = await this.deps.hub.read(this.cursor, 1000);
        await this.serve(batch.changes);
        this.cursor = Math.max(this.cursor, batch.position);
        if (batch.complete && this.cursor >= this.deps.hub.position) break;
      }
    } finally {
      this.replaying = false;
    }
  }

  /**
   * The socket is corked while a batch is served: a transaction's frames (a go-live move and the
   * fifty tasks it re-planned) leave in one write rather than one system call each.
   */
  private async serve(batch: ChangeRecord[]): Promise<void> {
    const socket = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    socket?.cork();
    try {
      // A stakeholder link is judged as it is now on every batch (through the principal cache, which
      // a revoke or an edit empties): a revoked link's socket hears nothing more (docs/adr/0061).
      if (this.auth?.link && batch.length) await this.refreshAuth();
      for (const change of batch) {
        if (change.seq <= this.cursor) continue;
        if (changesWhoCallerIs(change, this.auth)) await this.refreshAuth();
        this.cursor = change.seq;
        const frame = deliver(change, this.principal, this.subs.values());
        if (frame) this.send(this.auth?.link ? linkFrame(frame, this.auth.link.fields) : frame);
      }
    } finally {
      socket?.uncork();
    }
  }

  private async refreshAuth(): Promise<void> {
    if (this.auth) this.auth = await this.deps.reloadAuth(this.auth);
  }
}
