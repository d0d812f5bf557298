import { describe, expect, it } from 'vitest';
import { makeEvent } from '../testing/fixtures-more';
import { emptyEventForm, eventAsCampaign, eventBody, toggleIn } from './event-rules';

describe('event rules', () => {
  it('should show an event as a live, medium, global campaign of channel events', () => {
    const e = makeEvent({ name: 'Expo', start_date: '2026-03-14', end_date: '2026-03-16', type: ['exhibit', 'speaking'], audience: ['owners'] });
    expect(eventAsCampaign(e)).toMatchObject({
      id: `event:${e.id}`, title: 'Expo', channels: ['events'], status: 'live', priority: 'medium', scope: 'global', virtual: true,
      planning_start_date: '2026-03-14', live_date: '2026-03-14', end_date: '2026-03-16', description: 'Types: exhibit, speaking · Audiences: owners',
    });
  });

  it('should require name, a vertical, an audience, both dates and a type', () => {
    const full = { ...emptyEventForm(), name: ' Expo ', vertical: ['water' as const], audience: ['owners' as const], type: ['exhibit' as const], start_date: '2026-03-14', end_date: '2026-03-15' };
    expect(eventBody(full)).toMatchObject({ body: { name: 'Expo', region: null, location: null, vertical_other: null } });
    for (const missing of ['name', 'vertical', 'audience', 'type', 'start_date', 'end_date'] as const) {
      const blank = { ...full, [missing]: Array.isArray(full[missing]) ? [] : '' };
      expect(eventBody(blank)).toEqual({ error: 'Please fill in all required fields' });
    }
    expect(eventBody({ ...full, vertical: ['other'], vertical_other: ' Rail ' })).toMatchObject({ body: { vertical_other: 'Rail' } });
    expect(eventBody({ ...full, vertical_other: 'dropped' })).toMatchObject({ body: { vertical_other: null } });
  });

  it('should toggle values in a list', () => {
    expect(toggleIn(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleIn(['a'], 'b')).toEqual(['a', 'b']);
  });
});
