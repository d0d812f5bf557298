import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Calendar } from '../calendar/Calendar';
import { CampaignCard } from '../calendar/CampaignCard';
import { makeCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';

const rights = { edit: true, promote: false };
const campaign = (next_due: string | null, total = 7, done = 4) =>
  makeCampaign({ title: 'Spring Launch', planning_start_date: '2026-03-02', live_date: '2026-03-10', end_date: '2026-03-20', task_summary: { total, done, open_required: 1, next_due } });

describe('task progress on a campaign card', () => {
  it('should show 4/7 named "4 of 7 tasks done", and nothing without tasks', () => {
    renderWidget(<><CampaignCard campaign={campaign('2026-03-30')} status="planning" rights={rights} onEdit={() => {}} /></>);
    const card = screen.getByRole('article', { name: 'Spring Launch' });
    expect(within(card).getByText('4/7')).toHaveAttribute('aria-hidden', 'true');
    expect(within(card).getByText('4 of 7 tasks done')).toHaveClass('cad-sr-only');
  });

  it('should show nothing for a campaign without tasks', () => {
    renderWidget(<CampaignCard campaign={campaign(null, 0, 0)} status="planning" rights={rights} onEdit={() => {}} />);
    expect(screen.queryByText(/tasks done/)).toBeNull();
  });

  it('should name the progress on a calendar chip', async () => {
    renderWidget(<Calendar />, { campaigns: [campaign('2026-03-30')] });
    expect((await screen.findAllByRole('button', { name: /^Spring Launch\s*,\s*4 of 7 tasks done$/ })).length).toBeGreaterThan(0);
  });
});

describe.each(TEST_ZONES.slice(0, 2))('the overdue marker in TZ=%s', (zone) => {
  useTimeZone(zone);
  it('should call a campaign overdue when its next due date is before the viewer\'s today', () => {
    // 02:00 UTC on Mar 11: still Mar 10 in Los Angeles.
    renderWidget(<CampaignCard campaign={campaign('2026-03-10')} status="planning" rights={rights} onEdit={() => {}} />, { at: () => new Date('2026-03-11T02:00:00Z') });
    if (zone === 'UTC') expect(screen.getByText('4 of 7 tasks done, overdue')).toBeInTheDocument();
    else expect(screen.getByText('4 of 7 tasks done')).toBeInTheDocument();
  });
});
