import { filterAssignee, filterChannels, filterUser, todayYmd, type CampaignFilter, type FilterContext } from '@cadence/core';
import type { Knex } from 'knex';
import { conflictFilterIdsFor } from '../../planning-rules/store';

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

/** `%`, `_` and the escape character itself match literally inside an ILIKE pattern. */
export const likeContaining = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The dashboards' filters (docs/adr/0029), shared by the list, its stats and the tests that hold
 * them to core's campaignMatchesFilter: any of the channels (`&&`, array overlap), equal status,
 * priority and scope, the owner equal ignoring case, and the search text in the title,
 * description or owner (ILIKE; no index: docs/adr/0029 says why); the task filters (docs/adr/0050)
 * read the campaign's task summary: a user among its `assignees` (`me`: `ctx.me`, the caller; none:
 * nothing matches), and a `next_due` before today (`ctx.today`, default this process's date: the
 * server runs in the team's time zone); `conflicts` keeps the ids in `ctx.conflicted`
 * (listFilterContext works them out).
 */
export function whereListFilters(q: Knex.QueryBuilder, f: CampaignFilter, ctx: FilterContext = {}): Knex.QueryBuilder {
  const channels = filterChannels(f);
  if (channels.length === 1) q.whereRaw('campaigns.channels @> ?::text[]', [[...channels]]);
  else if (channels.length) q.whereRaw('campaigns.channels && ?::text[]', [[...channels]]);
  if (f.status) q.where('campaigns.status', f.status);
  if (f.priority) q.where('campaigns.priority', f.priority);
  if (f.scope) q.where('campaigns.scope', f.scope);
  if (f.owner) q.whereRaw('lower(campaigns.owner) = lower(?)', [f.owner]);
  if (f.q) {
    const pattern = likeContaining(f.q);
    q.where((text) =>
      text
        .whereRaw('campaigns.title ILIKE ?', [pattern])
        .orWhereRaw('campaigns.description ILIKE ?', [pattern])
        .orWhereRaw('campaigns.owner ILIKE ?', [pattern]));
  }
  if (f.assignee !== undefined) {
    const user = filterAssignee(f, ctx);
    if (!user) q.whereRaw('false');
    else q.whereRaw(`campaigns.task_summary->'assignees' @> ?::jsonb`, [JSON.stringify([user.toLowerCase()])]);
  }
  if (f.owner_id !== undefined) {
    const owner = filterUser(f.owner_id, ctx);
    if (!owner) q.whereRaw('false');
    else q.where('campaigns.owner_id', owner.toLowerCase());
  }
  if (f.overdue) q.whereRaw(`(campaigns.task_summary->>'next_due') < ?`, [ctx.today ?? todayYmd()]);
  if (f.conflicts) {
    // One array binding however many ids, so a large plan does not become thousands of parameters.
    const ids = [...(ctx.conflicted ?? [])];
    if (!ids.length) q.whereRaw('false');
    else q.whereRaw('campaigns.id = ANY(?::uuid[])', [ids]);
  }
  return q;
}

/**
 * What whereListFilters needs besides the filter: the caller, and for `conflicts=1` the campaigns
 * in a planning-rule conflict over the list's window (read from the whole plan).
 */
export async function listFilterContext(db: Knex, query: CampaignFilter & { from?: string | undefined; to?: string | undefined }, me: string): Promise<FilterContext> {
  return query.conflicts ? { me, conflicted: await conflictFilterIdsFor(db, query) } : { me };
}
