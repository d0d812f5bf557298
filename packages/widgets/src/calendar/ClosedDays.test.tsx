import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { renderWidget } from '../testing/render';
import { Calendar } from './Calendar';
import { Gantt } from '../gantt/Gantt';
import { makeCampaign } from '../testing/fixtures';

// The working calendar's non-working days in the Calendar (docs/adr/0052): shaded, and a closed
// day named in words, not by colour alone. "Today" is Wednesday 2026-03-11 (see renderWidget).
const workingCalendar = {
  weekend: [5, 6],
  closed_days: [{ day: '2026-03-13', label: 'Company offsite', kind: 'blackout' as const, source: 'manual' as const, created_by: null, created_at: '2026-01-01T00:00:00.000Z' }],
};

describe.each(TEST_ZONES)('closed days in the Calendar (%s)', (zone) => {
  useTimeZone(zone);

  it('should name a closed day in the cell and shade it, and shade the weekend', async () => {
    renderWidget(<Calendar />, { workingCalendar, at: () => new Date(2026, 2, 11, 10) });
    const closed = await screen.findByRole('gridcell', { name: /^Friday, March 13, 2026, Closed: Company offsite/ });
    expect(closed).toHaveClass('cad-day--closed');
    expect(closed).toHaveTextContent('Company offsite');
    const saturday = screen.getByRole('gridcell', { name: /^Saturday, March 14, 2026/ });
    expect(saturday).toHaveClass('cad-day--weekend');
    expect(saturday).not.toHaveAccessibleName(/Closed/);
    expect(screen.getByRole('gridcell', { name: /^Thursday, March 12, 2026/ })).not.toHaveClass('cad-day--closed', 'cad-day--weekend');
  });

  it('should ask for the visible window only, and again when the month changes', async () => {
    const { client, user } = renderWidget(<Calendar />, { workingCalendar, at: () => new Date(2026, 2, 11, 10) });
    await waitFor(() => expect(client.control.calls.some((c) => c.op === 'workingCalendar.get')).toBe(true));
    expect(client.control.calls.find((c) => c.op === 'workingCalendar.get')?.args).toEqual([{ from: '2026-02-23', to: '2026-04-05' }]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.queryByRole('gridcell', { name: /Closed: Company offsite/ })).toBeNull();
  });
});

describe('closed days in the Gantt', () => {
  it('should shade closed days and weekends of the month and name the closed ones for screen readers', async () => {
    const { user } = renderWidget(<Gantt />, { workingCalendar, campaigns: [makeCampaign({ title: 'Launch', planning_start_date: '2026-03-02', live_date: '2026-03-20' })] });
    expect(await screen.findByText('Closed days in this range: Mar 13, 2026, Company offsite.')).toBeInTheDocument();
    const closed = document.querySelector('[data-closed-day="2026-03-13"]');
    expect(closed).toHaveAttribute('title', 'Closed: Company offsite');
    expect(document.querySelector('[data-closed-day="2026-03-12"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(document.querySelector('[data-closed-day="2026-03-14"]')).toHaveAttribute('title', 'Weekend');
  });
});
