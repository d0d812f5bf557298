import { can, campaignStatsQuerySchema, campaignStatsSchema, tallyCampaignStats, type StatGroup } from '@cadence/core';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { whereListFilters } from './filters';
import { whereReadable } from './resource';

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
      '(a campaign counts on the channels it runs on and on its primary channel); channel/status/scope filter as on the list',
    access: 'user',
    query: campaignStatsQuerySchema,
    response: campaignStatsSchema,
    handler: async ({ query, auth }) => {
      if (!can(auth.principal, 'read', 'campaign')) return tallyCampaignStats([]);
      const q = whereReadable(s.db('campaigns'), auth.principal)
        .select('campaigns.status', 'campaigns.scope', 'campaigns.channels', 'campaigns.primary_channel', s.db.raw('count(*)::int AS n'))
        .groupBy('campaigns.status', 'campaigns.scope', 'campaigns.channels', 'campaigns.primary_channel');
      const groups: StatGroup[] = await whereListFilters(q, query);
      return tallyCampaignStats(groups);
    },
  });
}
