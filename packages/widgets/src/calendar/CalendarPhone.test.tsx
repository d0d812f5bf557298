import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';
import { Calendar } from './Calendar';

// "Today" is Wednesday 2026-03-11 (see renderWidget). jsdom has no layout: give every element
// a phone's width so the calendar takes its compact layout.
let width = 390;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width, height: 600, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 600, toJSON: () => ({}) }));
});
afterEach(() => {
  vi.restoreAllMocks();
  width = 390;
});

const long = 'Quarterly Customer Newsletter Campaign';
const campaigns = [
  makeCampaign({ title: long, planning_start_date: '2026-03-11', live_date: '2026-03-20' }),
  makeCampaign({ title: 'Spring Webinar', planning_start_date: '2026-03-11', live_date: '2026-03-25' }),
  makeCampaign({ title: 'Trade show booth', planning_start_date: '2026-03-16', live_date: '2026-03-30' }),
];

describe('Calendar on a phone', () => {
  it('should draw dots in the month and list the selected day in full below it', async () => {
    renderWidget(<Calendar />, { campaigns });
    const today = await screen.findByRole('gridcell', { name: /March 11, 2026, 2 campaigns/ });
    // No chips in the cells: a 50-pixel cell cannot hold a readable title.
    expect(within(today).queryAllByRole('button')).toHaveLength(0);
    expect(today).toHaveAttribute('aria-selected', 'true');
    const agenda = screen.getByRole('region', { name: 'Wednesday, March 11, 2026' });
    expect(within(agenda).getByText('2 campaigns')).toBeInTheDocument();
    // Whole titles, each opening the editor.
    expect(within(agenda).getByRole('button', { name: long })).toBeInTheDocument();
    expect(within(agenda).getByRole('button', { name: 'Spring Webinar' })).toBeInTheDocument();
  });

  it('should move the agenda to a tapped day without opening the day dialog', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns });
    await user.click(await screen.findByRole('gridcell', { name: /March 26, 2026, 1 campaign/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const agenda = screen.getByRole('region', { name: 'Thursday, March 26, 2026' });
    expect(within(agenda).getByRole('button', { name: 'Trade show booth' })).toBeInTheDocument();
    await user.click(screen.getByRole('gridcell', { name: /March 31, 2026, 0 campaigns/ }));
    expect(screen.getByText('No campaigns scheduled for this day')).toBeInTheDocument();
    expect(screen.getByText('No planning activities')).toBeInTheDocument();
  });

  it('should open the editor from an agenda row and the day dialog from Open day', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns });
    const agenda = await screen.findByRole('region', { name: 'Wednesday, March 11, 2026' });
    await user.click(within(agenda).getByRole('button', { name: 'Spring Webinar' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Campaign' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(agenda).getByRole('button', { name: 'Open day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wednesday, March 11, 2026' });
    expect(within(dialog).getByRole('heading', { name: long })).toBeInTheDocument();
  });

  it('should still open the day dialog from the keyboard, and follow arrow keys in the agenda', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns });
    const today = await screen.findByRole('gridcell', { name: /March 11, 2026, 2 campaigns/ });
    today.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('region', { name: 'Thursday, March 12, 2026' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Wednesday, March 11, 2026' });
    expect(within(dialog).getByText('2 campaigns')).toBeInTheDocument();
  });

  it('should list every day of the week that has campaigns in week view', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns });
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(await screen.findByRole('region', { name: 'Wednesday, March 11, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tuesday, March 10, 2026' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('region', { name: 'Monday, March 16, 2026' })).toBeInTheDocument();
  });

  it('should keep chips and no agenda when the widget is wide', async () => {
    width = 1024;
    renderWidget(<Calendar />, { campaigns });
    const today = await screen.findByRole('gridcell', { name: /March 11, 2026, 2 campaigns/ });
    expect(within(today).getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: /March 11, 2026/ })).not.toBeInTheDocument();
  });
});
