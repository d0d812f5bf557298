import pg from 'pg';
import { onChangesCommitted, sequenceChanges, type ChangeOp, type Topic } from '../data/changes';
import { iso } from '../data/present';
import type { Services } from '../services';

export interface ChangeRecord {
  seq: number;
  topic: Topic;
  op: ChangeOp;
  row_id: string;
  row: Record<string, unknown> | null;
}

export type ChangeListener = (changes: ChangeRecord[]) => void;

const CHANNEL = 'cadence_changes';
const BATCH = 1000;

/**
 * Rows logged by a single-statement create are the table's row as PostgreSQL's to_jsonb wrote
 * it; their timestamps get the API's ISO form here (idempotent for rows presented in JS).
 */
const parseRow = (row: unknown): Record<string, unknown> | null => {
  if (row === null || row === undefined) return null;
  const parsed = (typeof row === 'string' ? JSON.parse(row) : row) as Record<string, unknown>;
  for (const key of ['created_at', 'updated_at'] as const) {
    if (typeof parsed[key] === 'string') parsed[key] = iso(parsed[key] as string);
  }
  return parsed;
};

/**
 * Numbers committed changes (sequenceChanges), then reads the change log in `seq` order and
 * hands each new batch to its listeners. It wakes when this process commits a change, when
 * another process says so through PostgreSQL NOTIFY (coalesced, sent outside any write
 * transaction, after sequencing), and once a second as a safety net, which also numbers what
 * a crashed process committed but never sequenced.
 */
export class ChangeHub {
  private lastSeq = 0;
  private listeners = new Set<ChangeListener>();
  private reading: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private listenClient: pg.Client | null = null;
  private notifyPending = false;
  private stopped = false;
  private startedListening = false;

  constructor(
    private readonly s: Services,
    private readonly options: { pollMs?: number; retentionHours?: number } = {},
  ) {}

  get position(): number {
    return this.lastSeq;
  }

  async start(): Promise<void> {
    const row = await this.s.db('changes').max({ seq: 'seq' }).first();
    this.lastSeq = Number(row?.seq ?? 0);
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
    if ((await sequenceChanges(this.s.db)) > 0) this.notifyOthers();
    for (;;) {
      const batch = await this.read(this.lastSeq, BATCH);
      if (!batch.length) return;
      this.lastSeq = batch[batch.length - 1]!.seq;
      for (const listener of this.listeners) listener(batch);
      if (batch.length < BATCH) return;
    }
  }

  /** Changes after `since`, in order; used by the hub and by a client's resume. */
  async read(since: number, limit: number, upTo?: number): Promise<ChangeRecord[]> {
    const q = this.s.db('changes').where('seq', '>', since).orderBy('seq').limit(limit).select('seq', 'topic', 'op', 'row_id', 'row');
    if (upTo !== undefined) q.andWhere('seq', '<=', upTo);
    const rows = await q;
    return rows.map((r: ChangeRecord) => ({ ...r, seq: Number(r.seq), row: parseRow(r.row) }));
  }

  /** True when changes after `since` have been pruned, so the client must refetch. */
  async isPruned(since: number): Promise<boolean> {
    const meta = await this.s.db('changes_meta').where({ id: 1 }).first('pruned_through');
    return since < Number(meta?.pruned_through ?? 0);
  }

  async prune(): Promise<void> {
    const hours = this.options.retentionHours ?? 24;
    await this.s.db.transaction(async (trx) => {
      const deleted = await trx('changes')
        .where('created_at', '<', trx.raw(`now() - interval '${Math.max(0, hours)} hours'`))
        .andWhere('seq', '<=', this.lastSeq)
        .delete()
        .returning('seq');
      const max = Math.max(0, ...deleted.map((d: { seq: number }) => Number(d.seq)));
      if (max) await trx('changes_meta').where({ id: 1 }).update({ pruned_through: trx.raw('greatest(pruned_through, ?)', [max]) });
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
      this.s.db.raw(`NOTIFY ${CHANNEL}`).catch((err) => this.s.log.warn({ err }, 'NOTIFY failed'));
    }, 5).unref();
  }
}
