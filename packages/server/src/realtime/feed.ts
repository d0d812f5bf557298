import type { Knex } from 'knex';
import type { ChangeOp, Topic } from '../data/changes';
import { FEED_TABLES, RESOURCES } from '../data/registry';
import { asJudged } from '../data/resource';
import { TABLES_WITH_ACCESS_BEFORE } from './feed-tables';

/**
 * The realtime feed read from the data rows (docs/adr/0023). A change's `seq` is
 * `xid × 65,536 + rank`: the transaction that made it, then its place among that
 * transaction's changes; the last change of a transaction has rank 65,535, so a seq says
 * whether its transaction was delivered whole. Readers take only transactions whose id is
 * below their snapshot's xmin (`pg_snapshot_xmin`): every such transaction has ended, and
 * any transaction still to commit has a larger id, so nothing is ever found later below a
 * position already passed.
 */
export const RANKS = 65_536;
const LAST = RANKS - 1;

export interface ChangeRecord {
  seq: number;
  topic: Topic;
  op: ChangeOp;
  row_id: string;
  row: Record<string, unknown> | null;
  /** For a campaign or saved-view update: the read-relevant fields of its earlier states (scope or sharing changes). */
  was?: Array<Record<string, unknown>>;
  /**
   * For a campaign: the transaction that created it and its earlier counted states, each with the
   * transaction that replaced it (docs/adr/0034); a delete's last entry is the state it removed.
   */
  counted?: { created: string; before: Array<Record<string, unknown>> };
}

export interface FeedBatch {
  changes: ChangeRecord[];
  /** Every change with a seq up to here has been read. */
  position: number;
  /** False when the limit cut the read short: read again from `position`. */
  complete: boolean;
  /**
   * A transaction still running held the horizon back: what committed after it waits until
   * it ends, so the reader should look again soon rather than at its next wake.
   */
  heldBack: boolean;
}

/** Position of a reader that has everything below the horizon `h` (a transaction id). */
export const positionAt = (h: number): number => h * RANKS - 1;

interface Ref {
  x: string;
  topic: Topic;
  id: string;
  /** 'row' for a data row; else the mark's op. */
  kind: string;
}

const refsSql = (limited: boolean) => `SELECT u.x::text AS x, u.topic, u.id, u.kind FROM (
  ${FEED_TABLES.map(({ table, entity }) => `SELECT change_xid AS x, '${entity}' AS topic, id::text AS id, 'row' AS kind FROM ${table} WHERE change_xid >= ?::xid8 AND change_xid < ?::xid8`).join('\n  UNION ALL ')}
  UNION ALL SELECT change_xid, topic, row_id, op FROM change_marks WHERE change_xid >= ?::xid8 AND change_xid < ?::xid8
) u ORDER BY u.x, u.topic, u.id, u.kind${limited ? ' LIMIT ?' : ''}`;

async function readRefs(trx: Knex, from: number, to: number, limit?: number): Promise<Ref[]> {
  const range = [String(from), String(to)];
  const bindings = [...FEED_TABLES.flatMap(() => range), ...range, ...(limit === undefined ? [] : [limit])];
  const result = await trx.raw(refsSql(limit !== undefined), bindings);
  return result.rows ?? result;
}

/**
 * Transaction ids are shared by every database of a PostgreSQL server, so the snapshot's xmin
 * can be held back by a transaction of another database, which cannot write our rows. On
 * PostgreSQL the horizon is therefore the oldest running transaction not known to belong to
 * another database (pg_stat_activity, read after the snapshot: a transaction that ended
 * meanwhile, or whose database is hidden from us, counts as ours and holds the horizon), else
 * the snapshot's xmax. PGlite has one database and one connection: its xmin.
 */
const HORIZON_SQL = {
  pglite: 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h, pg_snapshot_xmax(pg_current_snapshot())::text AS xmax',
  postgres: `SELECT coalesce(
      (SELECT min(x) FROM pg_snapshot_xip(s.snap) x WHERE NOT EXISTS (
        SELECT 1 FROM pg_stat_activity a
        WHERE a.backend_xid IS NOT NULL AND a.datname IS NOT NULL AND a.datname <> current_database()
          AND a.backend_xid::text = (x::text::numeric % 4294967296)::text)),
      pg_snapshot_xmax(s.snap))::text AS h, pg_snapshot_xmax(s.snap)::text AS xmax
    FROM (SELECT pg_current_snapshot() AS snap) s`,
};

export type FeedDb = 'postgres' | 'pglite';

/** The horizon, and whether a running transaction holds it below the snapshot's xmax. */
export async function horizon(db: Knex, kind: FeedDb): Promise<{ h: number; heldBack: boolean }> {
  const result = await db.raw(HORIZON_SQL[kind]);
  const row = (result.rows ?? result)[0];
  return { h: Number(row.h), heldBack: Number(row.h) < Number(row.xmax) };
}

/**
 * The changes after `since`, whole transactions in order, at least up to `limit` refs (a
 * single larger transaction is read whole). One repeatable-read snapshot: the horizon, the
 * refs and the rows as the API presents them (the resource's own select) agree.
 */
export async function readFeed(db: Knex, kind: FeedDb, since: number, limit: number): Promise<FeedBatch> {
  return db.transaction(
    async (trx) => {
      const { h, heldBack } = await horizon(trx, kind);
      const sinceXid = Math.floor(since / RANKS);
      const sinceRank = since - sinceXid * RANKS;
      const from = sinceRank === LAST ? sinceXid + 1 : sinceXid;
      if (from >= h) return { changes: [], position: Math.max(since, positionAt(h)), complete: true, heldBack };
      let refs = await readRefs(trx, from, h, limit);
      let position = positionAt(h);
      let complete = true;
      if (refs.length === limit) {
        complete = false;
        const lastX = Number(refs[refs.length - 1]!.x);
        if (Number(refs[0]!.x) === lastX) refs = await readRefs(trx, lastX, lastX + 1);
        else refs = refs.filter((r) => Number(r.x) !== lastX);
        position = Number(refs[refs.length - 1]!.x) * RANKS + LAST;
      }
      const changes = await present(trx, refs, sinceXid, sinceRank);
      return { changes, position: Math.max(position, since), complete, heldBack };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** Loads each referenced row through its resource and numbers the changes. */
async function present(trx: Knex, refs: Ref[], sinceXid: number, sinceRank: number): Promise<ChangeRecord[]> {
  // An import's resync stands for its rows of that topic in that transaction.
  const resynced = new Set(refs.filter((r) => r.kind === 'resync').map((r) => `${r.x}|${r.topic}`));
  refs = refs.filter((r) => r.kind !== 'row' || !resynced.has(`${r.x}|${r.topic}`));
  const rows = await loadRows(trx, refs.filter((r) => r.kind === 'row'));
  const markIds = refs.filter((r) => r.kind !== 'row');
  const marks = markIds.length ? await loadMarks(trx, markIds) : new Map<string, unknown>();

  const out: ChangeRecord[] = [];
  for (let i = 0; i < refs.length; ) {
    const x = refs[i]!.x;
    const group: ChangeRecord[] = [];
    for (; i < refs.length && refs[i]!.x === x; i++) {
      const ref = refs[i]!;
      const change = ref.kind === 'row' ? rows.get(`${ref.topic}|${ref.id}`) : markChange(ref, marks.get(`${ref.x}|${ref.topic}|${ref.id}|${ref.kind}`));
      if (change) group.push(change);
    }
    out.push(...number(Number(x), group, Number(x) === sinceXid && sinceRank < LAST ? sinceRank + 1 : 0));
  }
  return out;
}

/**
 * Ranks `start`, `start + 1`, … and LAST for the transaction's final change. A resume from
 * the middle of a transaction re-sends all of it above the client's seq (a change applied
 * twice is harmless: clients compare versions). A transaction too big to number is sent as a
 * resync of each topic it touched.
 */
function number(x: number, group: ChangeRecord[], start: number): ChangeRecord[] {
  if (!group.length) return [];
  if (start + group.length - 1 > LAST) {
    const topics = [...new Set(group.map((c) => c.topic))].sort();
    group = topics.map((topic) => ({ seq: 0, topic, op: 'resync', row_id: topic, row: null }));
  }
  return group.map((c, k) => ({ ...c, seq: x * RANKS + (k === group.length - 1 ? LAST : start + k) }));
}

function markChange(ref: Ref, row: unknown): ChangeRecord {
  const change: ChangeRecord = { seq: 0, topic: ref.topic, op: ref.kind as ChangeOp, row_id: ref.id, row: (row ?? null) as Record<string, unknown> | null };
  if (ref.topic === 'campaigns' && ref.kind === 'delete' && change.row) {
    const { counted_before, created_xid, ...gone } = change.row;
    change.row = gone;
    change.counted = { created: String(created_xid ?? 0), before: [...((counted_before as Array<Record<string, unknown>> | null) ?? []), { ...gone, until: ref.x }] };
  }
  return change;
}

async function loadMarks(trx: Knex, refs: Ref[]): Promise<Map<string, unknown>> {
  const xs = [...new Set(refs.map((r) => r.x))];
  const found = await trx('change_marks').whereRaw('change_xid = ANY(?::xid8[])', [xs]).select(trx.raw('change_xid::text AS x'), 'topic', 'row_id', 'op', 'row');
  const marks = new Map<string, unknown>(
    found.map((m: { x: string; topic: string; row_id: string; op: string; row: unknown }) => [`${m.x}|${m.topic}|${m.row_id}|${m.op}`, typeof m.row === 'string' ? JSON.parse(m.row) : m.row]),
  );
  // A tombstone is the table's own row: where the rule reads more (a task's campaign), it is added
  // here, so the delete reaches exactly the readers of the row (data/resource.ts withRuleFields).
  for (const [topic, r] of RESOURCES) {
    if (!r.withRuleFields) continue;
    const keys = [...marks.keys()].filter((k) => k.endsWith('|delete') && k.split('|')[1] === topic && marks.get(k));
    const judged = await asJudged(r, trx, keys.map((k) => marks.get(k) as Record<string, unknown>));
    keys.forEach((k, i) => marks.set(k, judged[i]));
  }
  return marks;
}

async function loadRows(trx: Knex, refs: Ref[]): Promise<Map<string, ChangeRecord>> {
  const out = new Map<string, ChangeRecord>();
  const byTopic = new Map<Topic, string[]>();
  for (const r of refs) {
    const ids = byTopic.get(r.topic) ?? [];
    ids.push(r.id);
    byTopic.set(r.topic, ids);
  }
  for (const [topic, ids] of byTopic) {
    const r = RESOURCES.get(topic)!;
    for (let i = 0; i < ids.length; i += 1000) {
      const q = r.select(trx).whereIn(r.idColumn ?? `${r.table}.id`, ids.slice(i, i + 1000));
      if (TABLES_WITH_ACCESS_BEFORE.has(r.table)) q.select(`${r.table === 'saved_views' ? 'v' : r.table}.access_before`);
      if (r.table === 'campaigns') q.select('campaigns.counted_before', trx.raw('campaigns.created_xid::text AS created_xid'), trx.raw('campaigns.change_xid::text AS change_xid'));
      const raws = await q;
      for (const raw of raws) {
        const was = raw.access_before as Array<Record<string, unknown>> | null | undefined;
        const counted = topic === 'campaigns' ? { created: String(raw.created_xid), before: (raw.counted_before as Array<Record<string, unknown>> | null) ?? [] } : undefined;
        const row = r.present(raw) as Record<string, unknown>;
        // A campaign's task summary changes without its version (docs/adr/0049): still an update
        // when a transaction other than the one that created the row wrote it.
        const rewritten = topic === 'campaigns' && String(raw.created_xid) !== String(raw.change_xid);
        const op: ChangeOp = Number(raw.version ?? 1) > 1 || rewritten ? 'update' : 'insert';
        out.set(`${topic}|${raw.id}`, { seq: 0, topic, op, row_id: String(raw.id), row, ...(was?.length ? { was } : {}), ...(counted ? { counted } : {}) });
      }
    }
  }
  return out;
}
