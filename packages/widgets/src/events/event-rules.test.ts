import { describe, expect, it } from 'vitest';
import { makeEvent } from '../testing/fixtures-more';
import { eventAsCampaign, toggleIn } from './event-rules';

describe('event rules', () => {
  it('should show an event as a live, medium, global campaign of channel events', () => {
    const e = makeEvent({ name: 'Expo', start_date: '2026-03-14', end_date: '2026-03-16', type: ['exhibit', 'speaking'], audience: ['owners'] });
    expect(eventAsCampaign(e)).toMatchObject({
      id: `event:${e.id}`, title: 'Expo', channels: ['events'], status: 'live', priority: 'medium', scope: 'global', virtual: true,
      planning_start_date: '2026-03-14', live_date: '2026-03-14', end_date: '2026-03-16', description: 'Types: exhibit, speaking · Audiences: owners',
    });
  });

  it('should toggle values in a list', () => {
    expect(toggleIn(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleIn(['a'], 'b')).toEqual(['a', 'b']);
  });
});
