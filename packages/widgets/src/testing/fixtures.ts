import { addDays, campaignDefaults, type Campaign, type Channel, type VirtualCampaign, type Ymd } from '@cadence/core';
import { DEFAULT_MEMORY_USER_ID } from './memory-client';

let seq = 0;
const fixtureId = () => `00000000-0000-4000-9000-${(++seq).toString(16).padStart(12, '0')}`;

/** A complete stored campaign; pass only what a test cares about. */
export function makeCampaign(fields: Partial<Campaign> & Pick<Campaign, 'title'>): Campaign {
  const stamp = '2026-01-01T09:00:00.000Z';
  return {
    ...campaignDefaults(),
    id: fixtureId(),
    version: 1,
    created_at: stamp,
    updated_at: stamp,
    channels: ['email'],
    planning_start_date: '2026-03-02',
    live_date: '2026-03-10',
    created_by: DEFAULT_MEMORY_USER_ID,
    ...fields,
  };
}

/** A read-only dashboard item, as `GET /api/dashboard/virtual` returns it. */
export function makeVirtualCampaign(fields: Partial<VirtualCampaign> & Pick<VirtualCampaign, 'title'>): VirtualCampaign {
  const { id: _id, version: _version, ...base } = makeCampaign({ title: fields.title });
  const sourceId = fixtureId();
  return {
    ...base,
    status: 'live',
    channels: ['events'],
    created_by: null,
    id: `event:${sourceId}`,
    virtual: true,
    source: { type: 'event', id: sourceId },
    ...fields,
  };
}

/** A realistic quarter of campaigns around `today` across the channels. */
export function sampleCampaigns(today: Ymd): Campaign[] {
  const d = (n: number) => addDays(today, n);
  return [
    makeCampaign({ title: 'Spring Product Launch', description: 'Launch of the spring release across channels.', channels: ['email', 'social', 'content', 'paid', 'webinars'], status: 'in-progress', priority: 'high', planning_start_date: d(-20), live_date: d(-2), end_date: d(25), owner: 'Dana Whitfield', kpis: ['MQLs', 'Sign-ups'] }),
    makeCampaign({ title: 'Customer Newsletter', description: 'Monthly customer newsletter.', channels: ['email'], status: 'planning', planning_start_date: d(-3), live_date: d(4), end_date: d(4), owner: 'Priya Raman', channel_config: { email: { email_type: 'newsletter', subject: 'What is new this month', segment_criteria: ['customers'] } } }),
    makeCampaign({ title: 'Webinar: Planning at Scale', channels: ['webinars'], scope: 'channel', primary_channel: 'webinars', status: 'planning', priority: 'medium', planning_start_date: d(-6), live_date: d(9), end_date: d(9), owner: 'Leo Martin' }),
    makeCampaign({ title: 'SEO Refresh', channels: ['seo'], scope: 'channel', primary_channel: 'seo', status: 'live', priority: 'low', planning_start_date: d(-30), live_date: d(-10), end_date: null, owner: 'Sam Ortiz' }),
    makeCampaign({ title: 'Trade Show Booth', channels: ['events', 'pr'], status: 'planning', priority: 'high', planning_start_date: d(-1), live_date: d(14), end_date: d(16), owner: 'Dana Whitfield', channel_config: { events: { venue: 'Hall C', capacity: 400, event_type: 'conference', speakers: ['Ana Costa'], registration_required: true } } }),
    makeCampaign({ title: 'Social Video Series', channels: ['social'], status: 'in-progress', priority: 'medium', planning_start_date: d(-12), live_date: d(-1), end_date: d(30), owner: 'Mia Chen', channel_config: { social: { content_type: 'video', platforms: ['LinkedIn', 'YouTube'], hashtags: ['#planning'], post_frequency: 'weekly' } } }),
    makeCampaign({ title: 'Case Study: Northwind', channels: ['content'], scope: 'channel', primary_channel: 'content', status: 'completed', priority: 'medium', planning_start_date: d(-40), live_date: d(-20), end_date: d(-5), owner: 'Priya Raman', channel_config: { content: { content_format: 'case-study', word_count: 1500 } } }),
    makeCampaign({ title: 'Paid Search Q-push', channels: ['paid'], status: 'planning', priority: 'high', planning_start_date: d(2), live_date: d(20), end_date: d(50), owner: 'Sam Ortiz' }),
    makeCampaign({ title: 'Community AMA', channels: ['customer-community'], scope: 'channel', primary_channel: 'customer-community', status: 'planning', priority: 'low', planning_start_date: d(0), live_date: d(6), end_date: d(6), owner: 'Leo Martin' }),
    makeCampaign({ title: 'Internal Kick-off', channels: ['internal'], status: 'completed', priority: 'low', planning_start_date: d(-15), live_date: d(-8), end_date: d(-8), owner: 'Mia Chen' }),
  ];
}

const CHANNEL_CYCLE: Channel[] = ['email', 'social', 'content', 'paid', 'events', 'webinars', 'seo', 'pr', 'website', 'customer-community', 'internal'];

/** `n` generated campaigns spread over a year around `today`, for stress stories and tests. */
export function manyCampaigns(n: number, today: Ymd): Campaign[] {
  return Array.from({ length: n }, (_, i) => {
    const start = addDays(today, (i * 7) % 360 - 180);
    const channel = CHANNEL_CYCLE[i % CHANNEL_CYCLE.length] ?? 'email';
    return makeCampaign({
      title: `Campaign ${i + 1}`,
      channels: i % 5 === 0 ? [channel, 'email'] : [channel],
      status: (['planning', 'in-progress', 'live', 'completed'] as const)[i % 4] ?? 'planning',
      priority: (['low', 'medium', 'high'] as const)[i % 3] ?? 'medium',
      planning_start_date: start,
      live_date: addDays(start, 5 + (i % 20)),
      end_date: i % 3 === 0 ? null : addDays(start, 30 + (i % 40)),
      owner: `Owner ${i % 7}`,
    });
  });
}

export function sampleVirtualCampaigns(today: Ymd): VirtualCampaign[] {
  return [
    makeVirtualCampaign({ title: 'Industry Expo 2026', description: 'Types: exhibit · Audiences: owners', planning_start_date: addDays(today, 3), live_date: addDays(today, 3), end_date: addDays(today, 5) }),
  ];
}
