import { can, campaignMatchesFilter, type Ad, type CadenceEvent, type VirtualCampaign } from '@cadence/core';
import { campaignFilterSchema, virtualCampaignSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { events } from '../events/routes';
import { ads } from '../industry/resources';

const base = () => ({
  status: 'live' as const,
  priority: 'medium' as const,
  scope: 'global' as const,
  primary_channel: null,
  virtual: true as const,
  owner: null,
  channel_config: {},
  summary: null,
  goals: null,
  audiences: [],
  project_leader: null,
  project_team_members: [],
  kpis: [],
  deliverables: [],
  landing_page_urls: [],
});

/** A live ad as a read-only campaign on the dashboard (docs/product.md#scope). */
export function adAsCampaign(ad: Ad): VirtualCampaign {
  return {
    ...base(),
    id: `ad:${ad.id}`,
    source: { type: 'ad', id: ad.id },
    title: ad.ad_type ? `${ad.publication_name}: ${ad.ad_type}` : ad.publication_name,
    description: ad.content ?? ad.notes ?? null,
    channels: ['industry-publications'],
    planning_start_date: ad.due_date,
    live_date: ad.live_date,
    end_date: null,
    created_by: ad.created_by,
    created_at: ad.created_at,
    updated_at: ad.updated_at,
  };
}

/** An event as a read-only campaign; its description names its types and audiences (docs/product.md#events-page). */
export function eventAsCampaign(e: CadenceEvent): VirtualCampaign {
  const description = [e.type.length ? `Types: ${e.type.join(', ')}` : '', e.audience.length ? `Audiences: ${e.audience.join(', ')}` : '']
    .filter(Boolean)
    .join(' · ');
  return {
    ...base(),
    id: `event:${e.id}`,
    source: { type: 'event', id: e.id },
    title: e.name,
    description: description || null,
    channels: ['events'],
    planning_start_date: e.start_date,
    live_date: e.start_date,
    end_date: e.end_date,
    owner: null,
    created_by: e.created_by,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

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
      ].filter((row) => campaignMatchesFilter(row, query) && (!p.campaignFilter || campaignMatchesFilter(row, p.campaignFilter)));
    },
  });
}
