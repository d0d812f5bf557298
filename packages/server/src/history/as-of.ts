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

interface FoldedRow {
  id: string;
  exists_now: boolean;
  now_row: Record<string, unknown> | null;
  first_action: string | null;
  /** Per rewound field: `[value]` when an entry after the moment knew the value then, else null. */
  [field: string]: unknown;
}

const quote = (field: string) => `'${field}'`;

/** The SQL of one campaign's folded entries and its row now, for campaigns touching [from, to] now or changed since. */
export function asOfSql(): string {
  const firstKnown = (f: string) =>
    `(array_agg(jsonb_build_array(CASE WHEN action = 'delete' THEN row -> ${quote(f)} ELSE changes -> ${quote(f)} -> 'before' END) ORDER BY id)
       FILTER (WHERE action = 'delete' OR (action <> 'create' AND jsonb_exists(changes, ${quote(f)}))))[1] AS "then_${f}"`;
  return `
WITH later AS (
  SELECT id, row_id, action, changes, row FROM history_entries
   WHERE resource = 'campaigns' AND at > ?::timestamptz AND row_id IS NOT NULL
), folded AS (
  SELECT row_id, (array_agg(action ORDER BY id))[1] AS first_action,
         ${REWOUND.map(firstKnown).join(',\n         ')}
    FROM later GROUP BY row_id
), now_rows AS (
  SELECT c.id::text AS id, c.title, c.planning_start_date::text AS planning_start_date, c.live_date::text AS live_date,
         c.end_date::text AS end_date, c.scope, c.primary_channel, c.channels, c.created_by, c.created_at
    FROM campaigns c
   WHERE (LEAST(c.planning_start_date, c.live_date) <= ?::date AND GREATEST(c.planning_start_date, c.live_date, c.end_date) >= ?::date)
      OR c.id::text IN (SELECT row_id FROM folded)
)
SELECT coalesce(n.id, f.row_id) AS id, n.id IS NOT NULL AS exists_now, to_jsonb(n) AS now_row, f.*
  FROM now_rows n FULL JOIN folded f ON f.row_id = n.id`;
}

const unwrap = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** The row then, or undefined when the campaign did not exist at the moment. */
function rowThen(r: FoldedRow, at: Date): Record<string, unknown> | undefined {
  if (r.first_action === 'create') return undefined;
  const then: Record<string, unknown> = { ...(r.now_row ?? {}) };
  for (const f of REWOUND) {
    const known = r[`then_${f}`];
    if (Array.isArray(known)) then[f] = unwrap(known);
  }
  // A row without its kept values (its delete's entry kept no row) is unknown then: left out.
  const created = then.created_at;
  if (typeof created !== 'string' && !(created instanceof Date)) return undefined;
  if (new Date(created as string).getTime() > at.getTime()) return undefined;
  return then;
}

const readable = (p: Principal, row: Record<string, unknown> | undefined): boolean =>
  !!row && can(p, 'read', 'campaign', { scope: row.scope as never, primary_channel: (row.primary_channel ?? null) as never, channels: (row.channels ?? []) as never, created_by: (row.created_by ?? null) as string | null });

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
  const result = await db.raw(asOfSql(), [moment.toISOString(), to, from]);
  const out: ComparedCampaign[] = [];
  for (const r of result.rows as FoldedRow[]) {
    const nowRow = r.exists_now ? (r.now_row as Record<string, unknown>) : undefined;
    const thenRow = rowThen(r, moment);
    const now = readable(p, nowRow) ? planDatesOf(nowRow) : null;
    const then = readable(p, thenRow) ? planDatesOf(thenRow) : null;
    if (!planTouches(now, from, to) && !planTouches(then, from, to)) continue;
    const title = String((now ? nowRow?.title : thenRow?.title) ?? '');
    out.push({ id: r.id, title, then, now, ...compareDates(then, now) });
  }
  out.sort((a, b) => (a.now ?? a.then)!.live_date.localeCompare((b.now ?? b.then)!.live_date) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  return { campaigns: out, summary: compareSummary(out) };
}
