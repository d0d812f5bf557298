import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeCampaign, manyCampaigns, makeVirtualCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';
import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { Gantt } from './Gantt';

// Today is 2026-03-11: Q1 2026.
const spring = makeCampaign({ title: 'Spring', channels: ['email'], planning_start_date: '2026-02-01', live_date: '2026-03-01', end_date: '2026-03-31' });
const oneDay = makeCampaign({ title: 'Flash', channels: ['social', 'paid'], planning_start_date: '2026-03-10', live_date: '2026-03-10' });
const bar = (name: RegExp) => screen.getByRole('button', { name });

describe('Gantt', () => {
  it('should default to the quarter with the planning title and the colour hint', async () => {
    renderWidget(<Gantt />);
    expect(screen.getByRole('heading', { name: 'Planning Gantt Chart' })).toBeInTheDocument();
    expect(screen.getByText('Q1 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quarter' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Single-channel campaigns show their channel colour; multi-channel campaigns show light blue.')).toBeInTheDocument();
  });

  it('should label and step by month, quarter and year', async () => {
    const { user } = renderWidget(<Gantt />);
    await user.click(screen.getByRole('button', { name: 'Next quarter' }));
    expect(screen.getByText('Q2 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getByText('April 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByText('March 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Year' }));
    expect(screen.getByText('2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next year' }));
    expect(screen.getByText('2027')).toBeInTheDocument();
  });

  it('should show the empty state texts', async () => {
    renderWidget(<Gantt />);
    expect(await screen.findByText('No campaigns in this time range')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting the time range or filters to see campaigns.')).toBeInTheDocument();
  });

  it('should draw planning bars with channel colours, light blue for several channels and at least 2 % wide', async () => {
    const { user } = renderWidget(<Gantt />, { campaigns: [spring, oneDay] });
    await user.click(await screen.findByRole('button', { name: 'Month' }));
    const flash = await screen.findByRole('button', { name: /Flash/ });
    expect(flash).toHaveAccessibleName('Edit Flash: Mar 10, 2026 – Mar 10, 2026');
    expect(parseFloat(flash.style.width)).toBeGreaterThanOrEqual(2);
    expect(flash.style.background).toBe('rgb(147, 197, 253)');
    await user.click(screen.getByRole('button', { name: 'Quarter' }));
    expect(bar(/Spring/).style.background).toBe('rgb(59, 130, 246)');
    expect(bar(/Spring/)).toHaveAccessibleName('Edit Spring: Feb 01, 2026 – Mar 01, 2026');
  });

  it('should draw month gridlines and show live bars with the green go-live marker', async () => {
    const { user, container } = renderWidget(<Gantt />, { campaigns: [spring] });
    await screen.findByRole('button', { name: /Spring/ });
    expect(screen.getByText('Feb')).toBeInTheDocument();
    expect(screen.getByText('Mar')).toBeInTheDocument();
    expect(container.querySelectorAll('.cad-gantt__gridline').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('go-live-marker')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Live Schedule' }));
    expect(screen.getByRole('heading', { name: 'Live Campaign Timeline' })).toBeInTheDocument();
    expect(bar(/Spring/)).toHaveAccessibleName('Edit Spring: Mar 01, 2026 – Mar 31, 2026');
    expect(screen.getByTestId('go-live-marker')).toHaveAttribute('title', 'Go-live Mar 01, 2026');
  });

  it('should draw each month gridline once for the whole body, not once per row', async () => {
    const others = ['Alpha', 'Beta', 'Gamma', 'Delta'].map((title) => makeCampaign({ title, planning_start_date: '2026-01-10', live_date: '2026-01-20' }));
    const { container } = renderWidget(<Gantt />, { campaigns: [spring, ...others] });
    await screen.findByRole('button', { name: /Gamma/ });
    // Q1 2026: January (at the left edge), February and March.
    const lines = container.querySelectorAll('.cad-gantt__gridline');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(within(screen.getByRole('list', { name: 'Campaigns' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('should open a bar for editing', async () => {
    const { user } = renderWidget(<Gantt />, { campaigns: [spring] });
    await user.click(await screen.findByRole('button', { name: /Spring/ }));
    expect(await screen.findByRole('dialog', { name: 'Edit Campaign' })).toBeInTheDocument();
  });

  it('should group by channel with one row per channel and its Gantt label', async () => {
    const seo = makeCampaign({ title: 'Audit', channels: ['seo'], planning_start_date: '2026-03-01', live_date: '2026-03-05' });
    const { user } = renderWidget(<Gantt />, { campaigns: [spring, oneDay, seo] });
    await screen.findByRole('button', { name: /Spring/ });
    await user.click(screen.getByRole('switch', { name: 'Group by Channel' }));
    const rows = within(screen.getByRole('list', { name: 'Campaigns' })).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.cad-gantt__label')?.textContent)).toEqual(['Email Marketing', 'Social Media', 'Paid Advertising', 'SEO']);
  });

  it('should hide Group by Channel when channel info is not shown, and keep virtual bars read-only', async () => {
    renderWidget(<Gantt showChannels={false} />, { virtual: [makeVirtualCampaign({ title: 'Expo', planning_start_date: '2026-03-01', live_date: '2026-03-04' })] });
    expect((await screen.findAllByText('Expo')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('switch', { name: 'Group by Channel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Expo/ })).not.toBeInTheDocument();
  });

  it('should virtualize thousands of rows', async () => {
    // jsdom has no layout: give every element the scroller's height so the virtualizer sees a viewport.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(576);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    onTestFinished(() => {
      height.mockRestore();
      width.mockRestore();
    });
    renderWidget(<Gantt range="year" />, { campaigns: manyCampaigns(3000, '2026-03-11') });
    // At the top: the 18 rows (32 px each) of the 576 px viewport and 4 below it, so a long scroll jump stays cheap.
    // (The first paint, before the viewport is measured, draws fewer; on a loaded machine a check can land there.)
    await waitFor(() => expect(screen.getAllByRole('listitem').length).toBe(18 + 4));
  });
});

describe.each(TEST_ZONES)('Gantt in TZ=%s', (zone) => {
  useTimeZone(zone);

  it('should pick the quarter of the local today', async () => {
    renderWidget(<Gantt />, { at: () => new Date(2026, 3, 1, 0, 15) });
    expect(screen.getByText('Q2 2026')).toBeInTheDocument();
  });
});
