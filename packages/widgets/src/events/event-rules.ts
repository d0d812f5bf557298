import type { CadenceEvent, VirtualCampaign } from '@cadence/core';

/** docs/product.md#events-page: an event as a read-only global campaign of channel events, status live, priority medium. */
export function eventAsCampaign(e: CadenceEvent): VirtualCampaign {
  const description = [e.type.length ? `Types: ${e.type.join(', ')}` : '', e.audience.length ? `Audiences: ${e.audience.join(', ')}` : '']
    .filter(Boolean)
    .join(' · ');
  return {
    id: `event:${e.id}`, source: { type: 'event', id: e.id }, virtual: true, title: e.name, description: description || null,
    channels: ['events'], status: 'live', priority: 'medium', scope: 'global', primary_channel: null,
    planning_start_date: e.start_date, live_date: e.start_date, end_date: e.end_date, owner: null, channel_config: {},
    summary: null, goals: null, audiences: [], project_leader: null, project_team_members: [], kpis: [], deliverables: [],
    landing_page_urls: [], created_by: e.created_by, created_at: e.created_at, updated_at: e.updated_at,
  };
}

export const toggleIn = <T,>(list: readonly T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
