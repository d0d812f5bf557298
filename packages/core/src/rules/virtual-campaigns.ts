import type { CadenceEvent } from '../schemas/events';
import type { Ad } from '../schemas/industry';
import type { VirtualCampaign } from '../schemas/campaign';
import { campaignDefaults } from './campaign-defaults';

/*
 * Live ads and events on the dashboard, as read-only campaigns (docs/product.md#scope): the
 * server's GET /api/dashboard/virtual sends them, and the events board shows and filters its
 * events the same way.
 */

const readOnly = () => ({ ...campaignDefaults(), status: 'live' as const, virtual: true as const });

/** A live ad: its publication (and ad type) as the title, in channel industry publications, from its due date to its live date. */
export function adAsCampaign(ad: Ad): VirtualCampaign {
  return {
    ...readOnly(),
    id: `ad:${ad.id}`,
    source: { type: 'ad', id: ad.id },
    title: ad.ad_type ? `${ad.publication_name}: ${ad.ad_type}` : ad.publication_name,
    description: ad.content ?? ad.notes ?? null,
    channels: ['industry-publications'],
    planning_start_date: ad.due_date,
    live_date: ad.live_date,
    created_by: ad.created_by,
    created_at: ad.created_at,
    updated_at: ad.updated_at,
  };
}

/** An event (docs/product.md#events-page): channel events, status live, priority medium; its description names its types and audiences. */
export function eventAsCampaign(e: CadenceEvent): VirtualCampaign {
  const description = [e.type.length ? `Types: ${e.type.join(', ')}` : '', e.audience.length ? `Audiences: ${e.audience.join(', ')}` : '']
    .filter(Boolean)
    .join(' · ');
  return {
    ...readOnly(),
    id: `event:${e.id}`,
    source: { type: 'event', id: e.id },
    title: e.name,
    description: description || null,
    channels: ['events'],
    planning_start_date: e.start_date,
    live_date: e.start_date,
    end_date: e.end_date,
    created_by: e.created_by,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
