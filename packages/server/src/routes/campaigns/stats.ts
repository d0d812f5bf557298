import { can, OWNERS_LISTED, sortOwners, tallyCampaignStats, type StatGroup } from '@cadence/core';
import { campaignStatsQuerySchema, campaignStatsSchema } from '@cadence/core/schemas';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { listFilterContext, whereListFilters, whereTouchesWindow } from './filters';
import { whereReadable } from './readable';

/**
 * GET /api/campaigns/stats: the stat cards' and channel cards' counts, over exactly the rows the list
 * would show the caller (the same read filter and filters). One query groups the campaigns by the
 * fields the counts read (a few dozen groups, whatever the row count); core's tally does the rest,
 * as it does for the in-memory client (docs/adr/0020).
 */
export function campaignStatsRoute(s: Services, t: RouteTable, tag: string): void {
  t.add({
    method: 'get',
    path: '/api/campaigns/stats',
    tag,
    summary:
      'Counts of the campaigns the caller may read: total, per stored status, global and channel-only, and the same per channel ' +
      '(a campaign counts on the channels it runs on and on its primary channel), and the owners of those campaigns (the filter bar\'s choices); ' +
      'the filters and window are the list\'s (docs/adr/0029)',
    access: 'user',
    query: campaignStatsQuerySchema,
    response: campaignStatsSchema,
    handler: async ({ query, auth }) => {
      if (!can(auth.principal, 'read', 'campaign')) return tallyCampaignStats([]);
      // One snapshot for the counts and its name, so a realtime change can be applied to them
      // exactly once (docs/adr/0034): the change's transaction is either in the snapshot or not.
      return s.db.transaction(
        async (trx) => {
          const snap = await trx.raw('SELECT pg_current_snapshot()::text AS s');
          const q = whereReadable(trx('campaigns'), auth.principal)
            .select('campaigns.status', 'campaigns.scope', 'campaigns.channels', 'campaigns.primary_channel', trx.raw('count(*)::int AS n'))
            .groupBy('campaigns.status', 'campaigns.scope', 'campaigns.channels', 'campaigns.primary_channel');
          // The owners come from a query of their own: grouping the counts by owner as well would
          // multiply the groups by the number of owners.
          const o = whereReadable(trx('campaigns'), auth.principal)
            .select('campaigns.owner', trx.raw('count(*)::int AS n'))
            .whereNotNull('campaigns.owner')
            .groupBy('campaigns.owner')
            .orderBy('campaigns.owner')
            .limit(OWNERS_LISTED);
          const filterCtx = await listFilterContext(trx, query, auth.principal.userId);
          const groups = (await whereListFilters(whereTouchesWindow(q, query.from, query.to), query, filterCtx)) as StatGroup[];
          const owners = (await whereListFilters(whereTouchesWindow(o, query.from, query.to), query, filterCtx)) as Array<{ owner: string; n: number }>;
          const ownerCounts = Object.fromEntries(owners.map((r) => [r.owner, r.n]));
          return { ...tallyCampaignStats(groups), owners: sortOwners(owners.map((r) => r.owner)), owner_counts: ownerCounts, as_of: String((snap.rows ?? snap)[0].s) };
        },
        { isolationLevel: 'repeatable read', readOnly: true },
      );
    },
  });
}
