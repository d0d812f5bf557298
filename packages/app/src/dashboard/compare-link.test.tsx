import { createMemoryClient, makeCampaign } from '@cadence/widgets/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithViews } from '../views/render-views';

// Settings → Baselines' "Compare on the timeline" (docs/adr/0063): `?compare=<id>` opens the
// timeline compared with that saved baseline, and is not reported as a parameter the view dropped.
describe('a dashboard link comparing with a saved baseline', () => {
  it('should open the timeline compared with the baseline, named in its toolbar', async () => {
    const client = createMemoryClient({ campaigns: [makeCampaign({ title: 'Spring mail', channels: ['email'], planning_start_date: '2026-03-01', live_date: '2026-03-12' })] });
    const saved = await client.baselines.create({ name: 'Q1 plan', at: new Date(2026, 0, 3, 9).toISOString() });
    renderWithViews(client, `/?tab=timeline&compare=${saved.id}`);
    expect(await screen.findByRole('button', { name: 'Compare with: Q1 plan' })).toBeInTheDocument();
    expect(await screen.findByTestId('compare-summary')).toBeInTheDocument();
    expect(screen.queryByText(/Unknown parameter/)).toBeNull();
  });
});
