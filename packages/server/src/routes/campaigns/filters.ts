import type { Knex } from 'knex';

/**
 * A campaign's span, first day to last, as an inclusive daterange: from the earlier of planning start
 * and live date to the latest of its dates; unbounded above while it has no end date (an ongoing
 * campaign stays live on every later day). Identical to the expression of campaigns_span_idx
 * (migration 20261124000000), so the planner can use that index (docs/adr/0020).
 */
export const SPAN_SQL = `daterange(least(campaigns.planning_start_date, campaigns.live_date), CASE WHEN campaigns.end_date IS NULL THEN NULL ELSE greatest(campaigns.planning_start_date, campaigns.live_date, campaigns.end_date) END, '[]')`;

/**
 * Keeps the campaigns whose spans touch the window `from`…`to` (either may be open): they start by
 * `to` and end on or after `from`. For a window given backwards (from after to) that condition means
 * the span covers to…from, which is what the predicate before the index answered too; daterange()
 * would refuse the backwards range, so it is turned into a containment, also served by the index.
 */
export function whereTouchesWindow(q: Knex.QueryBuilder, from: string | undefined, to: string | undefined): Knex.QueryBuilder {
  if (!from && !to) return q;
  if (from && to && from > to) return q.whereRaw(`${SPAN_SQL} @> daterange(?::date, ?::date, '[]')`, [to, from]);
  return q.whereRaw(`${SPAN_SQL} && daterange(?::date, ?::date, '[]')`, [from ?? null, to ?? null]);
}

/** The list's `channel`, `status` and `scope` filters, shared by the list and its stats. */
export function whereListFilters(
  q: Knex.QueryBuilder,
  f: { channel?: string | undefined; status?: string | undefined; scope?: string | undefined },
): Knex.QueryBuilder {
  if (f.channel) q.whereRaw('campaigns.channels @> ?::text[]', [[f.channel]]);
  if (f.status) q.where('campaigns.status', f.status);
  if (f.scope) q.where('campaigns.scope', f.scope);
  return q;
}
