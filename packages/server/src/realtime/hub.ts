import pg from 'pg';
import { onChangesCommitted } from '../data/changes';
import type { Services } from '../services';
import { horizon, positionAt, RANKS, readFeed, type ChangeRecord, type FeedBatch } from './feed';

export type { ChangeRecord } from './feed';

export type ChangeListener = (changes: ChangeRecord[]) => void;

const CHANNEL = 'cadence_changes';
const BATCH = 1000;
const RETRY_MS = 10;

/**
 * Reads the feed (realtime/feed.ts: the data rows and tombstones of transactions below the
 * horizon) in `seq` order and hands each new batch to its listeners. It wakes when this
 * process commits a change, when another process says so through PostgreSQL NOTIFY (coalesced,
 * sent outside any write transaction, after reading), and once a second as a safety net, which
 * also picks up what a crashed process committed.
 */
export class ChangeHub {
  private lastSeq = 0;
  private listeners = new Set<ChangeListener>();
  private reading: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private listenClient: pg.Client | null = null;
  private notifyPending = false;
  private stopped = false;
  private startedListening = false;
  /** When the hub first learnt of changes it has not yet handed out (performance.now()). */
  private wokenAt: number | null = null;

  constructor(
    private readonly s: Services,
    private readonly options: {
      pollMs?: number;
      retentionHours?: number;
      /** Each batch handed out, with the seconds since the wake (commit, NOTIFY or poll) that found it: the metrics' realtime lag. */
      onDelivered?: (changes: number, seconds: number) => void;
    } = {},
  ) {}

  private get kind(): 'postgres' | 'pglite' {
    return this.s.dbKind === 'postgres' ? 'postgres' : 'pglite';
  }

  get position(): number {
    return this.lastSeq;
  }

  /** False while the PostgreSQL LISTEN connection is down (readiness); PGlite needs none. */
  get listening(): boolean {
    if (this.stopped) return false;
    return this.s.dbKind !== 'postgres' || !this.s.config.DATABASE_URL || this.listenClient !== null;
  }

  async start(): Promise<void> {
    this.lastSeq = positionAt((await horizon(this.s.db, this.kind)).h);
    this.unsubscribe = onChangesCommitted(this.s.db, () => this.wake());
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.pruneTimer = setInterval(() => void this.prune().catch((err) => this.s.log.warn({ err }, 'change log prune failed')), 3600_000);
    this.pruneTimer.unref();
    if (this.s.dbKind === 'postgres' && this.s.config.DATABASE_URL) await this.listen(this.s.config.DATABASE_URL);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.reading;
    await this.listenClient?.end().catch(() => {});
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Schedules a read of the log; concurrent wakes collapse into one more read. */
  wake(): void {
    if (this.stopped) return;
    this.wokenAt ??= performance.now();
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.drain()
      .catch((err) => this.s.log.warn({ err }, 'reading the change log failed'))
      .finally(() => {
        this.reading = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    const wokenAt = this.wokenAt ?? performance.now();
    this.wokenAt = null;
    for (;;) {
      const batch = await this.read(this.lastSeq, BATCH);
      this.lastSeq = Math.max(this.lastSeq, batch.position);
      if (batch.changes.length) {
        for (const listener of this.listeners) listener(batch.changes);
        this.notifyOthers();
        this.options.onDelivered?.(batch.changes.length, (performance.now() - wokenAt) / 1000);
      }
      if (batch.complete) {
        if (batch.heldBack) this.lookAgainSoon();
        return;
      }
    }
  }

  /**
   * A commit woke this hub, but an older transaction still running held the horizon below it:
   * no commit of ours may come to wake the hub again, so it looks again shortly (coalesced)
   * instead of leaving the change to the one-second poll.
   */
  private lookAgainSoon(): void {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.wake();
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  /** Changes after `since`, whole transactions in order; used by the hub and by a client's resume. */
  read(since: number, limit: number): Promise<FeedBatch> {
    return readFeed(this.s.db, this.kind, since, limit);
  }

  /**
   * True when the client must refetch: tombstones after `since` have been pruned, or `since` lies
   * beyond every change this database has committed (it came from another database, e.g. before
   * a restore; every process's hub delivers only below the horizon, so a real `since` never does).
   */
  async isPruned(since: number): Promise<boolean> {
    const meta = await this.s.db('changes_meta').where({ id: 1 }).first('pruned_through');
    if (since < Number(meta?.pruned_through ?? 0)) return true;
    return since > (await this.head());
  }

  /** The position of everything committed so far that the feed may deliver (the horizon). */
  async head(): Promise<number> {
    return positionAt((await horizon(this.s.db, this.kind)).h);
  }

  /**
   * How far behind this process is, for the metrics: 0 while no committed change waits to be
   * read, else the distance to the horizon. The horizon alone would not do: PostgreSQL's
   * transaction ids are counted for the whole server, so work in another database there moves it
   * with nothing here to read.
   */
  async lag(): Promise<number> {
    const from = this.lastSeq;
    const pending = await this.read(from, 1);
    if (!pending.changes.length) return 0;
    return Math.max(0, (await this.head()) - from);
  }

  /**
   * Drops tombstones and marks past the retention that this hub has read. The data rows are
   * the feed's current state and stay; a client resuming from before the pruned marks could
   * miss a delete, so it is told to resync.
   */
  async prune(): Promise<void> {
    const hours = this.options.retentionHours ?? 24;
    const readBelow = Math.floor((this.lastSeq + 1) / RANKS);
    await this.s.db.transaction(async (trx) => {
      const deleted = await trx('change_marks')
        .where('created_at', '<', trx.raw(`now() - interval '${Math.max(0, hours)} hours'`))
        .andWhere('change_xid', '<', trx.raw('?::xid8', [String(readBelow)]))
        .delete()
        .returning(trx.raw('change_xid::text AS x'));
      const max = deleted.reduce((m: number, d: { x: string }) => Math.max(m, Number(d.x)), 0);
      if (max) await trx('changes_meta').where({ id: 1 }).update({ pruned_through: trx.raw('greatest(pruned_through, ?)', [positionAt(max + 1)]) });
    });
  }

  private async listen(url: string, attempt = 0): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => this.wake());
    client.on('error', (err) => {
      if (this.listenClient !== client) return;
      this.s.log.warn({ err }, 'change feed listener lost its connection; reconnecting');
      this.listenClient = null;
      this.relisten(url, 0);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      if (!this.startedListening) throw err; // at start-up the caller decides
      this.relisten(url, attempt + 1);
      return;
    }
    this.listenClient = client;
    this.startedListening = true;
    // Changes committed while the listener was away are read now; nothing waits for the next poll.
    this.wake();
  }

  /** Keeps trying, with backoff up to 5 s, until the database is back. */
  private relisten(url: string, attempt: number): void {
    if (this.stopped) return;
    const delay = Math.min(5000, 250 * 2 ** attempt);
    setTimeout(() => void this.listen(url, attempt).catch(() => this.relisten(url, attempt + 1)), delay).unref();
  }

  /** One NOTIFY per burst of local commits, outside any write transaction. */
  private notifyOthers(): void {
    if (this.s.dbKind !== 'postgres' || this.notifyPending) return;
    this.notifyPending = true;
    setTimeout(() => {
      this.notifyPending = false;
      if (this.stopped) return;
      this.s.db.raw(`NOTIFY ${CHANNEL}`).catch((err) => this.s.log.warn({ err }, 'NOTIFY failed'));
    }, 5).unref();
  }
}
