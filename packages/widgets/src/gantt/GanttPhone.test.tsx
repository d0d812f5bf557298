import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';
import { Gantt } from './Gantt';

// "Today" is Wednesday 2026-03-11 (see renderWidget). jsdom has no layout: every element is as
// wide as a phone, the scroller's content is a 40rem track behind an 8rem name column.
const PHONE = 390;
const CONTENT = 640;
const LABEL = 128;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: PHONE, height: 600, x: 0, y: 0, top: 0, left: 0, right: PHONE, bottom: 600, toJSON: () => ({}) }));
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(PHONE);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(CONTENT);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(LABEL);
});
afterEach(() => vi.restoreAllMocks());

const campaigns = [
  makeCampaign({ title: 'Spring launch', planning_start_date: '2026-03-02', live_date: '2026-03-20' }),
  makeCampaign({ title: 'Summer fair', planning_start_date: '2026-05-04', live_date: '2026-06-01' }),
];

describe('Gantt on a phone', () => {
  it('opens a range holding today scrolled to today, and another range at its start', async () => {
    const { user } = renderWidget(<Gantt range="quarter" />, { campaigns });
    const list = await screen.findByRole('list', { name: 'Campaigns' });
    // Q1 2026: March 11 is day 69 of 90, so today sits a quarter into the visible track.
    const todayPx = (69 / 90) * (CONTENT - LABEL);
    await waitFor(() => expect(list.scrollLeft).toBeCloseTo(todayPx - (PHONE - LABEL) / 4, 0));
    await user.click(screen.getByRole('button', { name: 'Next quarter' }));
    await screen.findByRole('button', { name: /Summer fair/ });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Campaigns' }).scrollLeft).toBe(0));
  });

  it('leaves a chart that fits alone', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(PHONE);
    renderWidget(<Gantt range="quarter" />, { campaigns });
    const list = await screen.findByRole('list', { name: 'Campaigns' });
    await screen.findByRole('button', { name: /Spring launch/ });
    expect(list.scrollLeft).toBe(0);
  });
});
