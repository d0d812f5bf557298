import type { CampaignFilter, Task } from '@cadence/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CampaignList } from '../list/CampaignList';
import { StatCards } from '../list/StatCards';
import { makeCampaign } from '../testing/fixtures';
import { EDITOR_ID, VIEWER_ID, makePlanningRule, makeTask, withTaskSummary } from '../testing/fixtures-more';
import { DEFAULT_MEMORY_USER_ID } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { FilterBar, SEARCH_DELAY_MS } from './FilterBar';

const campaigns = [
  makeCampaign({ title: 'Spring launch email', channels: ['email'], status: 'live', priority: 'high', owner: 'Dana Reyes' }),
  makeCampaign({ title: 'Spring launch social', channels: ['social'], status: 'live', owner: 'Sam Lee' }),
  makeCampaign({ title: 'Webinar', channels: ['webinars'], status: 'planning', owner: 'Dana Reyes' }),
  makeCampaign({ title: 'Paid push', channels: ['paid'], status: 'live', owner: null }),
];

/** The dashboard's wiring: one filter state for the bar, the stat cards and the list. */
function Board({ onChange }: { onChange?: (f: CampaignFilter) => void }) {
  const [filter, setFilter] = useState<CampaignFilter>({});
  return (
    <>
      <FilterBar value={filter} onChange={(f) => { setFilter(f); onChange?.(f); }} />
      <StatCards filter={filter} />
      <CampaignList filter={filter} />
    </>
  );
}

const stat = (label: string) => within(screen.getByText(label).closest('div')!).getByRole('definition').textContent;
const listed = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label')).sort();

describe('FilterBar', () => {
  it('should offer phones a Filters button that names how many filters are on and controls the fields', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 560px)', addEventListener: () => {}, removeEventListener: () => {} }));
    onTestFinished(() => void vi.unstubAllGlobals());
    renderWidget(<FilterBar value={{ status: 'live', channel: ['email', 'social'] }} />, { campaigns });
    // Shown by filters.css; jsdom applies no style sheet's media query, hence `hidden`.
    const toggle = screen.getByRole('button', { name: 'Filters (2)', hidden: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const [fields, more] = toggle.getAttribute('aria-controls')!.split(' ').map((id) => document.getElementById(id)!);
    expect(within(fields!).getByLabelText('Status')).toHaveValue('live');
    expect(within(more!).getByLabelText('Owner')).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle.closest('[role="search"]')).toHaveClass('cad-filter-bar--open');
  });

  it('should keep channels, status, priority and search on one line on a wide screen and count only the filters behind the button', async () => {
    renderWidget(<FilterBar value={{ status: 'live', scope: 'global', overdue: '1' }} />, { campaigns });
    const toggle = screen.getByRole('button', { name: 'Filters (2)', hidden: true });
    const [fields, more] = toggle.getAttribute('aria-controls')!.split(' ').map((id) => document.getElementById(id)!);
    for (const name of ['Status', 'Priority', 'Search']) expect(within(fields!).getByLabelText(name)).toBeInTheDocument();
    expect(within(fields!).getByRole('button', { name: /^Channels:/ })).toBeInTheDocument();
    for (const name of ['Scope', 'Owner', 'Task assignee', 'Has overdue tasks']) expect(within(more!).getByLabelText(name)).toBeInTheDocument();
    expect(within(more!).getByLabelText('Scope')).toHaveValue('global');
    fireEvent.click(toggle);
    expect(toggle.closest('[role="search"]')).toHaveClass('cad-filter-bar--open');
  });

  it('should keep a bar of one field unfolded on a phone, with the search words it was given', async () => {
    renderWidget(<FilterBar hide={['channel', 'status', 'priority', 'scope', 'owner', 'assignee', 'overdue', 'conflicts']} showCount={false} searchPlaceholder="Name, type or audience" />, { campaigns });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Name, type or audience');
    expect(screen.queryByRole('button', { name: /^Filters/, hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('search')).not.toHaveClass('cad-filter-bar--collapsible');
  });

  it('should label every control and count the campaigns shown', async () => {
    renderWidget(<FilterBar />, { campaigns });
    for (const name of ['Status', 'Priority', 'Scope', 'Owner', 'Search']) expect(screen.getByLabelText(name)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Channels: All channels' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 4 of 4 campaigns')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('should offer the owners that exist', async () => {
    renderWidget(<FilterBar />, { campaigns });
    const owner = screen.getByLabelText('Owner');
    await waitFor(() => expect(within(owner).getAllByRole('option').map((o) => o.textContent)).toEqual(['All owners', 'Dana Reyes', 'Sam Lee']));
  });

  it('should filter the stat cards and the list by two channels and a status, and clear them', async () => {
    const changes: CampaignFilter[] = [];
    const { user } = renderWidget(<Board onChange={(f) => changes.push(f)} />, { campaigns });
    await waitFor(() => expect(listed()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Channels: All channels' }));
    const channels = await screen.findByRole('dialog', { name: 'Channels' });
    await user.click(within(channels).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(channels).getByRole('checkbox', { name: 'Social Media' }));
    await user.keyboard('{Escape}');
    await user.selectOptions(screen.getByLabelText('Status'), 'planning');
    expect(changes.at(-1)).toEqual({ channel: ['email', 'social'], status: 'planning' });
    await waitFor(() => expect(listed()).toEqual([]));
    expect(await screen.findByText('Showing 0 of 4 campaigns')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'live');
    await waitFor(() => expect(listed()).toEqual(['Spring launch email', 'Spring launch social']));
    await waitFor(() => expect(stat('Total Campaigns')).toBe('2'));
    expect(stat('Live Campaigns')).toBe('2');
    expect(screen.getByText('Showing 2 of 4 campaigns')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listed()).toHaveLength(4));
    expect(changes.at(-1)).toEqual({});
  });

  it('should search after a pause, or at once on Enter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onChange = vi.fn();
      renderWidget(<FilterBar onChange={onChange} />, { campaigns });
      const search = screen.getByLabelText('Search');
      fireEvent.change(search, { target: { value: 'laun' } });
      fireEvent.change(search, { target: { value: 'launch' } });
      expect(onChange).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenLastCalledWith({ q: 'launch' });
      fireEvent.change(search, { target: { value: 'reyes' } });
      fireEvent.keyDown(search, { key: 'Enter' });
      expect(onChange).toHaveBeenLastCalledWith({ q: 'reyes' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('should follow the filter it is given (a link, back and forward)', async () => {
    function Host() {
      const [value, setValue] = useState<CampaignFilter>({ status: 'live', q: 'spring' });
      return (
        <>
          <button type="button" onClick={() => setValue({ priority: 'high' })}>Back</button>
          <FilterBar value={value} />
        </>
      );
    }
    const { user } = renderWidget(<Host />, { campaigns });
    expect(screen.getByLabelText('Status')).toHaveValue('live');
    expect(screen.getByLabelText('Search')).toHaveValue('spring');
    expect(await screen.findByText('Showing 2 of 4 campaigns')).toBeInTheDocument();
    const search = screen.getByLabelText('Search');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Search')).toBe(search);
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByLabelText('Priority')).toHaveValue('high');
    expect(search).toHaveValue('');
    expect(await screen.findByText('Showing 1 of 4 campaigns')).toBeInTheDocument();
  });

  it('should leave out the channel choice on a channel dashboard and count within the channel', async () => {
    renderWidget(<FilterBar channel="email" value={{ status: 'live' }} />, { campaigns });
    expect(screen.queryByRole('button', { name: /^Channels/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Showing 1 of 1 campaign')).toBeInTheDocument();
  });

  it('should keep only the campaigns in a planning-rule conflict behind "Conflicts", and count them', async () => {
    const rule = makePlanningRule({ period: 'day', description: 'At most 1 e-mail send a day' });
    const plan = [
      makeCampaign({ title: 'Send A', channels: ['email'], live_date: '2026-03-24' }),
      makeCampaign({ title: 'Send B', channels: ['email'], live_date: '2026-03-24' }),
      makeCampaign({ title: 'Send C', channels: ['email'], live_date: '2026-03-25' }),
      makeCampaign({ title: 'Post', channels: ['social'], live_date: '2026-03-24' }),
    ];
    const changes: CampaignFilter[] = [];
    const { user } = renderWidget(<Board onChange={(f) => changes.push(f)} />, { campaigns: plan, planningRules: [rule] });
    await waitFor(() => expect(listed()).toHaveLength(4));
    const toggle = screen.getByRole('checkbox', { name: 'Conflicts' });
    await user.click(toggle);
    expect(changes.at(-1)).toEqual({ conflicts: '1' });
    await waitFor(() => expect(listed()).toEqual(['Send A', 'Send B']));
    expect(await screen.findByText('Showing 2 of 4 campaigns')).toBeInTheDocument();
    // Behind "Filters (n)" with the other second-line filters.
    expect(screen.getByRole('button', { name: 'Filters (1)', hidden: true })).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(listed()).toHaveLength(4));
  });

  describe('the task filters', () => {
    const other = { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null };
    const [mine, theirs, late, none] = [
      makeCampaign({ title: 'Mine', owner: 'Dana Reyes' }),
      makeCampaign({ title: 'Theirs', owner: 'Dana Reyes' }),
      makeCampaign({ title: 'Late', owner: 'Sam Lee' }),
      makeCampaign({ title: 'No tasks', owner: 'Sam Lee' }),
    ];
    const tasks: Task[] = [];
    tasks.push(makeTask(mine!, { title: 'Brief', assignee_id: DEFAULT_MEMORY_USER_ID, status: 'done' }, tasks));
    tasks.push(makeTask(theirs!, { title: 'Copy', assignee_id: VIEWER_ID, due_date: '2026-04-01' }, tasks));
    // renderWidget's today is 2026-03-11: due the day before is overdue.
    tasks.push(makeTask(late!, { title: 'Proofs', due_date: '2026-03-10' }, tasks));
    const withTasks = [mine!, theirs!, late!, none!].map((c) => withTaskSummary(c, tasks));

    it('should filter the list by a task’s assignee (me or a user) and by overdue tasks, and say so in words', async () => {
      const changes: CampaignFilter[] = [];
      const { user } = renderWidget(<Board onChange={(f) => changes.push(f)} />, { campaigns: withTasks, tasks, users: [other] });
      await waitFor(() => expect(listed()).toHaveLength(4));
      const assignee = screen.getByLabelText('Task assignee');
      // An administrator sees the install's users; everyone sees "Me".
      await waitFor(() => expect(within(assignee).getAllByRole('option').map((o) => o.textContent)).toEqual(['Anyone', 'Me', 'viewer@cadence.demo']));
      await user.selectOptions(assignee, 'me');
      expect(changes.at(-1)).toEqual({ assignee: 'me' });
      await waitFor(() => expect(listed()).toEqual(['Mine']));
      await user.selectOptions(assignee, VIEWER_ID);
      await waitFor(() => expect(listed()).toEqual(['Theirs']));
      await user.selectOptions(assignee, '');
      const overdue = screen.getByRole('checkbox', { name: 'Has overdue tasks' });
      await user.click(overdue);
      expect(changes.at(-1)).toEqual({ overdue: '1' });
      await waitFor(() => expect(listed()).toEqual(['Late']));
      expect(await screen.findByText('Showing 1 of 4 campaigns')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(overdue).not.toBeChecked();
      await waitFor(() => expect(listed()).toHaveLength(4));
    });

    it('should offer someone who may not list users "Me" and the people they see on tasks, and show a link’s user it does not know', async () => {
      const editor = { id: EDITOR_ID, email: 'editor@cadence.demo', role: null };
      const more = [...tasks];
      more.push(makeTask(none!, { title: 'Banner', assignee_id: EDITOR_ID, due_date: '2026-04-02' }, more));
      const stranger = '00000000-0000-4000-8000-00000000b0ff';
      renderWidget(<FilterBar value={{ assignee: stranger, overdue: '1' }} />, {
        campaigns: withTasks, tasks: more, users: [editor],
        user: { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null, permissions: [{ permission_type: 'global_view', channel: null }] },
      });
      const assignee = screen.getByLabelText('Task assignee');
      expect(assignee).toHaveValue(stranger);
      await waitFor(() => expect(within(assignee).getAllByRole('option').map((o) => o.textContent)).toEqual(['Anyone', 'Me', 'editor@cadence.demo', 'A user']));
      expect(screen.getByRole('checkbox', { name: 'Has overdue tasks' })).toBeChecked();
    });
  });
});
