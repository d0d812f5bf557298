import { describe, expect, it } from 'vitest';
import { virtualCampaignSchema } from '../schemas/campaign';
import type { CadenceEvent } from '../schemas/events';
import type { Ad } from '../schemas/industry';
import { adAsCampaign, eventAsCampaign } from './virtual-campaigns';

const stamp = '2026-01-01T09:00:00.000Z';
const userId = '00000000-0000-4000-9000-000000000001';

const event = (fields: Partial<CadenceEvent> = {}): CadenceEvent => ({
  id: '00000000-0000-4000-9000-0000000000e1', version: 1, created_at: stamp, updated_at: stamp, created_by: userId,
  name: 'Expo', vertical: [], vertical_other: null, audience: ['owners'], start_date: '2026-03-14', end_date: '2026-03-16',
  region: null, location: null, venue: null, event_url: null, type: ['exhibit', 'speaking'], ...fields,
});

const ad = (fields: Partial<Ad> = {}): Ad => ({
  id: '00000000-0000-4000-9000-0000000000a1', version: 1, created_at: stamp, updated_at: stamp, created_by: userId,
  publication_id: '00000000-0000-4000-9000-0000000000b1', ad_type_id: null, due_date: '2026-04-01', live_date: '2026-04-20',
  status: 'live', content: null, notes: null, copy_images_link: null, region: null, audience: null, industry: null,
  publication_name: 'Builder Weekly', ad_type: 'Full page', copy_needs: null, image_needs: null, where_shows: null, example_image_url: null,
  ...fields,
});

describe('virtual campaigns (docs/product.md#scope)', () => {
  it('should show an event as a live, medium, global campaign of channel events that names its types and audiences', () => {
    const e = event();
    expect(eventAsCampaign(e)).toMatchObject({
      id: `event:${e.id}`, source: { type: 'event', id: e.id }, title: 'Expo', channels: ['events'], status: 'live', priority: 'medium',
      scope: 'global', virtual: true, planning_start_date: '2026-03-14', live_date: '2026-03-14', end_date: '2026-03-16',
      description: 'Types: exhibit, speaking · Audiences: owners',
    });
    expect(eventAsCampaign(event({ type: [], audience: [] })).description).toBeNull();
  });

  it('should show a live ad from its due date to its live date under its publication and ad type', () => {
    const a = ad();
    expect(adAsCampaign(a)).toMatchObject({
      id: `ad:${a.id}`, source: { type: 'ad', id: a.id }, title: 'Builder Weekly: Full page', channels: ['industry-publications'],
      status: 'live', planning_start_date: '2026-04-01', live_date: '2026-04-20', end_date: null, description: null,
    });
    expect(adAsCampaign(ad({ ad_type: null, notes: 'Back cover' }))).toMatchObject({ title: 'Builder Weekly', description: 'Back cover' });
  });

  it('should give rows the dashboard route can send', () => {
    expect(virtualCampaignSchema.safeParse(eventAsCampaign(event())).success).toBe(true);
    expect(virtualCampaignSchema.safeParse(adAsCampaign(ad())).success).toBe(true);
  });
});
