import {
  can,
  compareDates,
  compareSummary,
  planDatesOf,
  planTouches,
  type ComparedCampaign,
  type CompareSummary,
  type Principal,
} from '@cadence/core';
import type { Knex } from 'knex';

/**
 * The plan at a past moment (docs/adr/0063), rebuilt exactly from the activity log: a field's
 * value at the moment is the `before` of the first entry after it that changed the field, or the
 * row a delete after it kept, and otherwise the value now. A row whose first entry after the
 * moment is its create, or whose created_at is later, did not exist then. Only the entries after
 * the moment are read (the partial index `history_entries_campaigns_at`), and the database folds
 * them to one row per campaign, so the server receives one row per campaign, not per entry.
 */

/** What the comparison and the read rule need of a campaign then. */
const REWOUND = ['title', 'planning_start_date', 'live_date', 'end_date', 'scope', 'primary_channel', 'channels', 'created_by', 'created_at'] as const;

/** One campaign: its rewound fields now (null when it is gone), what the entries after the moment knew of them then. */
interface FoldedRow extends Record<string, unknown> {
  id: string;
  exists_now: boolean;
  first_action: string | null;
  /** Per rewound field an entry after the moment knew the value of then: `[value]`. */
  then_fields: Record<string, unknown[]> | null;
}

/** Sort memory for the fold (comparePlan). */
export const AS_OF_WORK_MEM = '32MB';

const FIELD_ROWS = REWOUND.map((f) => `('${f}')`).join(', ');

/**
 * The SQL of one campaign's folded entries and its row now, for campaigns touching [from, to] now or changed since.
 * Each field's value then is the first entry after the moment that changed it: one sort of the
 * entries' changed fields (DISTINCT ON), not one ordered aggregate per field, which sorted each
 * campaign's entries nine times and spilled to disk at 10,000 campaigns.
 */
export function asOfSql(): string {
  return `
WITH later AS (
  SELECT id, row_id, action, changes, row FROM history_entries
   WHERE resource = 'campaigns' AND at > ?::timestamptz AND row_id IS NOT NULL
), firsts AS (
  -- Sorted byte-wise (COLLATE "C"): ids need no locale, and the database's collation costs a tenth more.
  SELECT DISTINCT ON (row_id COLLATE "C") row_id, action AS first_action FROM later ORDER BY row_id COLLATE "C", id
), known AS (
  SELECT DISTINCT ON (l.row_id COLLATE "C", f.key COLLATE "C") l.row_id, f.key, CASE WHEN l.action = 'delete' THEN l.src -> f.key ELSE l.src -> f.key -> 'before' END AS value
    FROM (SELECT row_id, id, action, CASE WHEN action = 'delete' THEN row ELSE changes END AS src FROM later WHERE action <> 'create') l
   -- Each rewound field looked up by name (jsonb_exists is the question-mark operator, which knex would take
   -- for a binding); jsonb_each would expand every entry into a set first, a third of the query's
   -- time at 10,000 campaigns. Only objects name fields.
   CROSS JOIN (VALUES ${FIELD_ROWS}) AS f(key)
   WHERE jsonb_typeof(l.src) = 'object' AND jsonb_exists(l.src, f.key)
   ORDER BY l.row_id COLLATE "C", f.key COLLATE "C", l.id
), folded AS (
  SELECT f.row_id, f.first_action, jsonb_object_agg(k.key, jsonb_build_array(k.value)) FILTER (WHERE k.key IS NOT NULL) AS then_fields
    FROM firsts f LEFT JOIN known k ON k.row_id = f.row_id
   GROUP BY f.row_id, f.first_action
), now_rows AS (
  SELECT c.id::text AS id, c.title, c.planning_start_date::text AS planning_start_date, c.live_date::text AS live_date,
         c.end_date::text AS end_date, c.scope, c.primary_channel, c.channels, c.created_by, to_json(c.created_at) #>> '{}' AS created_at
    FROM campaigns c
   WHERE (LEAST(c.planning_start_date, c.live_date) <= ?::date AND GREATEST(c.planning_start_date, c.live_date, c.end_date) >= ?::date)
      OR c.id::text IN (SELECT row_id FROM folded)
)
-- Columns, not to_jsonb(n): building and parsing 10,000 JSON rows cost more than the fold's sorts.
SELECT coalesce(n.id, f.row_id) AS id, n.id IS NOT NULL AS exists_now, f.first_action, f.then_fields,
       n.title, n.planning_start_date, n.live_date, n.end_date, n.scope, n.primary_channel, n.channels, n.created_by, n.created_at
  FROM now_rows n FULL JOIN folded f ON f.row_id = n.id`;
}

/** The row then (its rewound fields), or undefined when the campaign did not exist at the moment. */
function rowThen(r: FoldedRow, at: Date): Record<string, unknown> | undefined {
  if (r.first_action === 'create') return undefined;
  const known = typeof r.then_fields === 'string' ? (JSON.parse(r.then_fields) as Record<string, unknown[]>) : (r.then_fields ?? {});
  const then: Record<string, unknown> = {};
  for (const f of REWOUND) then[f] = Array.isArray(known[f]) ? known[f][0] : r[f];
  // A row without its kept values (its delete's entry kept no row) is unknown then: left out.
  const created = then.created_at;
  if (typeof created !== 'string' && !(created instanceof Date)) return undefined;
  if (new Date(created as string).getTime() > at.getTime()) return undefined;
  return then;
}

const readable = (p: Principal, row: Record<string, unknown> | undefined): boolean =>
  !!row && can(p, 'read', 'campaign', { scope: row.scope as never, primary_channel: (row.primary_channel ?? null) as never, channels: (row.channels ?? []) as never, created_by: (row.created_by ?? null) as string | null });

const titleOrder = new Intl.Collator();
const plainCompare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export interface Comparison {
  campaigns: ComparedCampaign[];
  summary: CompareSummary;
}

/**
 * Each campaign whose plan touched `from`–`to` at the moment or touches it now, as `p` may read it
 * then and now (a campaign moved into the reader's channels since is new to them: added), sorted
 * by the plan's live date now (then, for removed ones) and title.
 */
export async function comparePlan(db: Knex, p: Principal, at: string, from: string, to: string): Promise<Comparison> {
  const moment = new Date(at);
  // The fold sorts every entry after the moment: at 10,000 campaigns that outgrows the default
  // 4 MB of sort memory and spills to disk, so this one query is given more.
  const result = (await db.transaction(async (trx) => {
    await trx.raw(`SET LOCAL work_mem = '${AS_OF_WORK_MEM}'`);
    return trx.raw(asOfSql(), [moment.toISOString(), to, from]);
  })) as { rows: FoldedRow[] };
  const out: ComparedCampaign[] = [];
  for (const r of result.rows as FoldedRow[]) {
    const nowRow = r.exists_now ? r : undefined;
    const thenRow = rowThen(r, moment);
    const now = readable(p, nowRow) ? planDatesOf(nowRow) : null;
    const then = readable(p, thenRow) ? planDatesOf(thenRow) : null;
    if (!planTouches(now, from, to) && !planTouches(then, from, to)) continue;
    const title = String((now ? nowRow?.title : thenRow?.title) ?? '');
    out.push({ id: r.id, title, then, now, ...compareDates(then, now) });
  }
  // Dates and ids compare as plain strings (YYYY-MM-DD and UUIDs sort so); titles as people read
  // them, by one collator: String#localeCompare per pair cost tens of milliseconds at 10,000 campaigns.
  const byLiveDate = (c: ComparedCampaign) => (c.now ?? c.then)!.live_date;
  out.sort((a, b) => plainCompare(byLiveDate(a), byLiveDate(b)) || titleOrder.compare(a.title, b.title) || plainCompare(a.id, b.id));
  return { campaigns: out, summary: compareSummary(out) };
}
