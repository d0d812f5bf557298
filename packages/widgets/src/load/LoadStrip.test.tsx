import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Calendar } from '../calendar/Calendar';
import { Gantt } from '../gantt/Gantt';
import { makeCampaign } from '../testing/fixtures';
import { makePlanningRule } from '../testing/fixtures-more';
import { renderWidget } from '../testing/render';

// "Today" is Wednesday 2026-03-11 (renderWidget); March 2026's grid runs from Monday Feb 23.
const rule = makePlanningRule();
const plan = () => [
  makeCampaign({ title: 'Newsletter A', planning_start_date: '2026-03-20', channels: ['email'], live_date: '2026-03-24', owner: 'Dana' }),
  makeCampaign({ title: 'Newsletter B', planning_start_date: '2026-03-20', channels: ['email', 'seo'], live_date: '2026-03-26', owner: 'Sam' }),
];

describe('the load strip', () => {
  it('is off by default, and switched on counts each week’s go-lives by channel or owner, marking a week over a limit', async () => {
    renderWidget(<Calendar />, { campaigns: plan(), planningRules: [rule] });
    await waitFor(() => expect(screen.getAllByText('Newsletter A').length).toBeGreaterThan(0));
    expect(screen.queryByRole('list', { name: 'Go-lives a week' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Load' }));
    const strip = await screen.findByRole('list', { name: 'Go-lives a week' });
    expect(within(strip).getAllByRole('listitem')).toHaveLength(6);
    const busy = within(strip).getByText('Week of Mar 23: 2 go-lives; Email 2, SEO 1; over a planning rule’s limit');
    expect(busy.closest('li')).toHaveClass('cad-load-strip__week--over');
    expect(within(strip).getByText('Week of Mar 16: 0 go-lives')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Count go-lives by'), { target: { value: 'owner' } });
    expect(await within(strip).findByText('Week of Mar 23: 2 go-lives; Dana 1, Sam 1; over a planning rule’s limit')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Load' }));
    expect(screen.queryByRole('list', { name: 'Go-lives a week' })).not.toBeInTheDocument();
  });

  it('shows over the Gantt too, each week over its own days of the quarter', async () => {
    renderWidget(<Gantt />, { campaigns: plan(), planningRules: [rule] });
    fireEvent.click(await screen.findByRole('switch', { name: 'Load' }));
    const strip = await screen.findByRole('list', { name: 'Go-lives a week' });
    const week = within(strip).getByText(/^Week of Mar 23: 2 go-lives/).closest('li')!;
    // Q1 2026 is 90 days; Monday 23 March is its 82nd, the week's seven days end on the 88th.
    expect(parseFloat(week.style.left)).toBeCloseTo((81 / 90) * 100);
    expect(parseFloat(week.style.width)).toBeCloseTo((7 / 90) * 100);
    // Week one is cut to the quarter: Thursday 1 January to Sunday the 4th.
    expect(parseFloat(within(strip).getAllByRole('listitem')[0]!.style.width)).toBeCloseTo((4 / 90) * 100);
  });

  it('is remembered in this browser, switch and count alike, per view', async () => {
    const first = renderWidget(<Calendar />, { campaigns: plan(), planningRules: [rule] });
    fireEvent.click(await screen.findByRole('switch', { name: 'Load' }));
    fireEvent.change(await screen.findByLabelText('Count go-lives by'), { target: { value: 'owner' } });
    first.unmount();
    renderWidget(<Calendar />, { campaigns: plan(), planningRules: [rule] });
    expect(await screen.findByRole('switch', { name: 'Load' })).toBeChecked();
    expect(await screen.findByLabelText('Count go-lives by')).toHaveValue('owner');
    cleanup();
    renderWidget(<Gantt />, { campaigns: plan(), planningRules: [rule] });
    expect(await screen.findByRole('switch', { name: 'Load' })).not.toBeChecked();
  });
});
