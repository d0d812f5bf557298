import type { CampaignTemplate } from '@cadence/core';

/** A launch template for widget tests and stories (docs/adr/0054): planning 5 working days before go-live, one role. */
export function sampleTemplate(over: Partial<CampaignTemplate> = {}): CampaignTemplate {
  return {
    id: '00000000-0000-4000-8000-00000000t001'.replace('t', 'f'),
    name: 'Product launch',
    description: 'A launch across e-mail and social',
    defaults: { channels: ['email'], priority: 'high' },
    planning_offset: 5,
    roles: ['Designer'],
    tasks: [
      { title: 'Kick-off', offset: 0, anchor: 'planning_start', assignee_id: null, role: null, required: true, note: null },
      { title: 'Design assets', offset: -2, anchor: 'live', assignee_id: null, role: 'Designer', required: false, note: null },
      { title: 'Report', offset: 1, anchor: 'live', assignee_id: null, role: null, required: false, note: null },
    ],
    created_by: null,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    version: 1,
    ...over,
  };
}
