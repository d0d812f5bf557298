import { CadenceApiError } from '@cadence/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign, makeVirtualCampaign } from '../testing/fixtures';
import { createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { Calendar } from './Calendar';

// "Today" is Wednesday 2026-03-11 (see renderWidget).
const onMarch = (title: string, extra = {}) => makeCampaign({ title, planning_start_date: '2026-03-09', live_date: '2026-03-12', ...extra });
const cell = (name: RegExp | string) => screen.getByRole('gridcell', { name });

describe('Calendar', () => {
  it('should start on the month of today with Monday-first headers and the planning title', async () => {
    renderWidget(<Calendar />);
    expect(screen.getByRole('heading', { name: 'Planning Timeline' })).toBeInTheDocument();
    expect(screen.getByText('March 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(screen.getAllByRole('gridcell')[0]).toHaveAccessibleName(/^Monday, February 23, 2026/);
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('should switch the title between planning and live views', async () => {
    const { user } = renderWidget(<Calendar />);
    await user.click(screen.getByRole('button', { name: 'Live Schedule' }));
    expect(screen.getByRole('heading', { name: 'Live Campaign Calendar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Planning Timeline' }));
    expect(screen.getByRole('heading', { name: 'Planning Timeline' })).toBeInTheDocument();
  });

  it('should step by month, and by week with the week range label', async () => {
    const { user } = renderWidget(<Calendar />);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('April 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByText('February 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByText('Mar 09 – Mar 15, 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('gridcell')).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByText('Mar 16 – Mar 22, 2026')).toBeInTheDocument();
  });

  it('should fetch only the visible window', async () => {
    const { client, user } = renderWidget(<Calendar />);
    await waitFor(() => expect(client.control.calls.some((c) => c.op === 'campaigns.list')).toBe(true));
    expect(client.control.calls.find((c) => c.op === 'campaigns.list')?.args).toEqual([{ from: '2026-02-23', to: '2026-04-05' }]);
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(client.control.calls.at(-1)?.args).toEqual([{ from: '2026-03-09', to: '2026-03-15' }]));
  });

  it('should show 2 chips per day in month view and 4 in week view, then +N more campaigns', async () => {
    const five = ['One', 'Two', 'Three', 'Four', 'Five'].map((t) => onMarch(t, { planning_start_date: '2026-03-10', live_date: '2026-03-11' }));
    const { user } = renderWidget(<Calendar />, { campaigns: five });
    const day = await screen.findByRole('gridcell', { name: /March 10, 2026, 5 campaigns/ });
    expect(within(day).getAllByRole('button')).toHaveLength(2);
    expect(within(day).getByText('+3 more campaigns')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Week' }));
    const weekDay = cell(/March 10, 2026/);
    expect(within(weekDay).getAllByRole('button')).toHaveLength(4);
    expect(within(weekDay).getByText('+1 more campaigns')).toBeInTheDocument();
  });

  it('should cut chip titles at 15 characters in month view and 25 in week view', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns: [onMarch('Quarterly Customer Newsletter Campaign')] });
    expect((await screen.findAllByText('Quarterly Custo…')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getAllByText('Quarterly Customer Newsle…').length).toBeGreaterThan(0);
    expect(screen.getAllByTitle('Quarterly Customer Newsletter Campaign').length).toBeGreaterThan(0);
  });

  it('should highlight today and dim the days outside the month', async () => {
    renderWidget(<Calendar />);
    expect(cell(/March 11, 2026/)).toHaveAttribute('aria-current', 'date');
    expect(cell(/March 11, 2026/)).toHaveClass('cad-day--today');
    expect(cell(/February 28, 2026/)).toHaveClass('cad-day--outside');
    expect(cell(/March 1, 2026/)).not.toHaveClass('cad-day--outside');
  });

  it('should place campaigns by the planning rule, and by the live rule in live view', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns: [onMarch('Launch', { end_date: '2026-03-13' })] });
    await screen.findByRole('gridcell', { name: /March 9, 2026, 1 campaign\b/ });
    expect(cell(/March 12, 2026/)).toHaveAccessibleName(/0 campaigns\b/);
    await user.click(screen.getByRole('button', { name: 'Live Schedule' }));
    expect(cell(/March 11, 2026/)).toHaveAccessibleName(/0 campaigns\b/);
    expect(cell(/March 12, 2026/)).toHaveAccessibleName(/1 campaign\b/);
    expect(cell(/March 13, 2026/)).toHaveAccessibleName(/1 campaign\b/);
    expect(cell(/March 14, 2026/)).toHaveAccessibleName(/0 campaigns\b/);
  });

  it('should open the campaign for editing when a chip is clicked', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns: [onMarch('Launch')] });
    await user.click((await screen.findAllByRole('button', { name: 'Launch' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    expect(within(dialog).getByLabelText(/Campaign Title/)).toHaveValue('Launch');
  });

  it('should move between days with the arrow keys and open a day with Enter', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns: [onMarch('Launch')] });
    await screen.findAllByRole('button', { name: 'Launch' });
    act(() => cell(/March 11, 2026/).focus());
    expect(cell(/March 11, 2026/)).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowLeft}');
    expect(cell(/March 10, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(cell(/March 3, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Tuesday, March 10, 2026' })).toBeInTheDocument();
  });

  it('should show virtual campaigns read-only and no edit actions to a read-only user', async () => {
    renderWidget(<Calendar />, {
      campaigns: [onMarch('Launch')],
      virtual: [makeVirtualCampaign({ title: 'Expo', planning_start_date: '2026-03-09', live_date: '2026-03-12' })],
      user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }] },
    });
    const day = await screen.findByRole('gridcell', { name: /March 9, 2026, 2 campaigns/ });
    expect(within(day).getByText('Launch')).toBeInTheDocument();
    expect(within(day).getByText('Expo')).toBeInTheDocument();
    expect(within(day).queryAllByRole('button')).toHaveLength(0);
  });

  it('should show the spec error toast when campaigns fail to load', async () => {
    const client = createMemoryClient();
    client.control.failNext('campaigns.list', new CadenceApiError(500, 'internal', 'boom'));
    const { toasts } = renderWidget(<Calendar />, { client });
    await screen.findByRole('grid');
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ title: 'Error loading campaigns', description: 'Failed to load campaigns from database.', variant: 'destructive' })));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
