import { adAsCampaign, can, campaignMatchesFilter, eventAsCampaign, type VirtualCampaign } from '@cadence/core';
import { campaignFilterSchema, virtualCampaignSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { events } from '../../data/resources/events';
import { ads } from '../../data/resources/industry';

export function dashboardRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get',
    path: '/api/dashboard/virtual',
    tag: 'Campaigns',
    summary:
      'Live ads and all events as read-only virtual campaigns, each following its source row’s read rule; ' +
      'the filters are the campaign list’s, applied to the virtual rows (docs/adr/0029)',
    access: 'user',
    query: campaignFilterSchema,
    response: z.array(virtualCampaignSchema),
    handler: async ({ auth, query }) => {
      const p = auth.principal;
      const [liveAds, allEvents] = await Promise.all([
        // The virtual rows' own rule: a view-bound key reads no ads or events as such, but those its view shows.
        can(p, 'read', 'campaign', { virtual: true, source: { type: 'ad' } }) ? ads.select(s.db).where('a.status', 'live').orderBy([{ column: 'a.live_date' }, { column: 'a.id' }]) : [],
        can(p, 'read', 'campaign', { virtual: true, source: { type: 'event' } }) ? events.select(s.db).orderBy([{ column: 'start_date' }, { column: 'id' }]) : [],
      ]);
      // A few hundred rows at most (live ads, events): filtered here by core's rule, so they follow
      // the dashboard's filters exactly as the campaigns do, and a view-bound key's view.
      return [
        ...liveAds.map((raw: Parameters<typeof ads.present>[0]) => adAsCampaign(ads.present(raw))),
        ...allEvents.map((raw: Parameters<typeof events.present>[0]) => eventAsCampaign(events.present(raw))),
      ].filter((row) => campaignMatchesFilter(row, query, { me: p.userId }) && (!p.campaignFilter || campaignMatchesFilter(row, p.campaignFilter, { me: p.userId })));
    },
  });
}
