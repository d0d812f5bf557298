import {
  MESSAGES,
  type CadenceEvent,
  type EventAudience,
  type EventCreate,
  type EventRegion,
  type EventType,
  type EventVertical,
  type VirtualCampaign,
  type Ymd,
} from '@cadence/core';

/** Spec §2 Events page: an event as a read-only global campaign of channel events, status live, priority medium. */
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

export interface EventForm {
  name: string;
  vertical: EventVertical[];
  vertical_other: string;
  audience: EventAudience[];
  region: EventRegion | '';
  type: EventType[];
  start_date: Ymd | '';
  end_date: Ymd | '';
  location: string;
  venue: string;
  event_url: string;
}

export const emptyEventForm = (): EventForm => ({
  name: '', vertical: [], vertical_other: '', audience: [], region: '', type: [], start_date: '', end_date: '', location: '', venue: '', event_url: '',
});

export const toggleIn = <T,>(list: readonly T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

const text = (s: string) => (s.trim() === '' ? null : s.trim());

/**
 * Spec §5: name, a vertical, an audience, both dates and a type are required ('Please fill
 * in all required fields'); the 'other' vertical's text is kept only while 'other' is chosen.
 */
export function eventBody(f: EventForm): { error: string } | { body: EventCreate } {
  if (!f.name.trim() || !f.vertical.length || !f.audience.length || !f.start_date || !f.end_date || !f.type.length) {
    return { error: MESSAGES.requiredFields };
  }
  const other = f.vertical.includes('other') ? text(f.vertical_other) : null;
  return {
    body: {
      name: f.name.trim(), vertical: f.vertical, vertical_other: other, audience: f.audience, region: f.region || null,
      type: f.type, start_date: f.start_date, end_date: f.end_date, location: text(f.location), venue: text(f.venue), event_url: text(f.event_url),
    },
  };
}
