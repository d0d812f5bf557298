import { describe, expect, it } from 'vitest';
import { campaignCreateSchema } from '../schemas/campaign';
import { campaignDefaults } from './campaign-defaults';

describe('campaignDefaults (docs/product.md#constants)', () => {
  it("should be what the server stores for every field a new campaign leaves out", () => {
    const parsed = campaignCreateSchema.parse({ title: 'Launch', planning_start_date: '2026-03-02', live_date: '2026-03-10' });
    const { title: _t, planning_start_date: _p, live_date: _l, ...given } = parsed;
    // The schema leaves optional texts out; the server stores them as null.
    const { task_summary, ...defaults } = campaignDefaults();
    expect(Object.keys(given).every((k) => k in defaults)).toBe(true);
    for (const [field, value] of Object.entries(defaults)) expect(given[field as keyof typeof given] ?? null, field).toEqual(value);
    // Read-only, never in a create: a new campaign has no tasks (docs/adr/0049).
    expect('task_summary' in given).toBe(false);
    expect(task_summary).toEqual({ total: 0, done: 0, open_required: 0, next_due: null, assignees: [] });
  });

  it('should hand each caller lists of its own', () => {
    const a = campaignDefaults();
    a.kpis.push('Sign-ups');
    a.channel_config.email = { subject: 'Hello' };
    expect(campaignDefaults()).toMatchObject({ kpis: [], channel_config: {} });
  });
});
