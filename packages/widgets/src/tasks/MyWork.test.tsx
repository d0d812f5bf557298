import type { Task } from '@cadence/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { EDITOR_ID, makeTask, withTaskSummary } from '../testing/fixtures-more';
import { DEFAULT_MEMORY_USER_ID } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { groupMyWork, myWorkGroup } from './my-work-groups';
import { useMyTaskCounts } from './my-tasks';
import { MyWork } from './MyWork';

const me = DEFAULT_MEMORY_USER_ID;
const spring = makeCampaign({ title: 'Spring Launch', planning_start_date: '2026-03-02', live_date: '2026-03-20' });
const webinar = makeCampaign({ title: 'Webinar Series', planning_start_date: '2026-03-02', live_date: '2026-04-20' });
// Today is Wednesday 2026-03-11 (the test clock).
const tasks: Task[] = (() => {
  const a = makeTask(spring, { title: 'Late copy', due_date: '2026-03-09', assignee_id: me });
  const b = makeTask(spring, { title: 'Banner by Friday', due_date: '2026-03-13', assignee_id: me, required: true }, [a]);
  const c = makeTask(webinar, { title: 'Speaker brief', due_date: '2026-04-02', assignee_id: me });
  const d = makeTask(webinar, { title: 'Someday', assignee_id: me }, [c]);
  const e = makeTask(webinar, { title: 'Not mine', due_date: '2026-03-01', assignee_id: EDITOR_ID }, [c, d]);
  const f = makeTask(spring, { title: 'Already done', due_date: '2026-03-05', assignee_id: me, status: 'done' }, [a, b]);
  return [a, b, c, d, e, f];
})();
const campaigns = [withTaskSummary(spring, tasks), withTaskSummary(webinar, tasks)];
const users = [{ id: EDITOR_ID, email: 'editor@cadence.demo', role: null }];

describe('My work groups', () => {
  it('should put open late tasks in Overdue, done ones in Earlier, and the rest by week', () => {
    const today = '2026-03-11';
    expect(myWorkGroup({ due_date: '2026-03-10', status: 'todo' }, today)).toBe('overdue');
    expect(myWorkGroup({ due_date: '2026-03-10', status: 'done' }, today)).toBe('earlier');
    expect(myWorkGroup({ due_date: '2026-03-11', status: 'todo' }, today)).toBe('week');
    // The week ends on Sunday (core's endOfWeek).
    expect(myWorkGroup({ due_date: '2026-03-15', status: 'todo' }, today)).toBe('week');
    expect(myWorkGroup({ due_date: '2026-03-16', status: 'todo' }, today)).toBe('later');
    expect(myWorkGroup({ due_date: null, status: 'todo' }, today)).toBe('undated');
    expect(groupMyWork(tasks, today).map((g) => [g.group, g.tasks.map((t) => t.title)])).toEqual([
      ['overdue', ['Not mine', 'Late copy']],
      ['earlier', ['Already done']],
      ['week', ['Banner by Friday']],
      ['later', ['Speaker brief']],
      ['undated', ['Someday']],
    ]);
  });
});

const group = (name: RegExp) => within(screen.getByRole('list', { name })).getAllByRole('listitem').map((li) => li.querySelector('.cad-task__title')?.textContent);

describe('MyWork', () => {
  it('should list my open tasks grouped Overdue, This week, Later and No due date, with their campaigns', async () => {
    renderWidget(<MyWork campaignHref={(id) => `/campaigns/${id}`} />, { campaigns, tasks, users });
    expect(await screen.findByRole('heading', { name: /Overdue/ })).toBeInTheDocument();
    expect(group(/Overdue/)).toEqual(['Late copy']);
    expect(group(/This week/)).toEqual(['Banner by Friday']);
    expect(group(/Later/)).toEqual(['Speaker brief']);
    expect(group(/No due date/)).toEqual(['Someday']);
    expect(screen.queryByText('Not mine')).toBeNull();
    expect(screen.queryByText('Already done')).toBeNull();
    const late = screen.getByRole('checkbox', { name: 'Done: Late copy' }).closest('li')!;
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(within(late).getByRole('link', { name: 'Spring Launch' })).toHaveAttribute('href', `/campaigns/${spring.id}`);
    const friday = screen.getByRole('checkbox', { name: 'Done: Banner by Friday' }).closest('li')!;
    expect(within(friday).getByText('Required')).toBeInTheDocument();
    expect(within(friday).getByText('Due Mar 13, 2026')).toBeInTheDocument();
  });

  it('should filter by status and by text on the title or the campaign', async () => {
    const { user } = renderWidget(<MyWork />, { campaigns, tasks, users });
    await screen.findByRole('heading', { name: /Overdue/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'webinar');
    await waitFor(() => expect(screen.queryByText('Late copy')).toBeNull());
    expect(screen.getByText('Speaker brief')).toBeInTheDocument();
    expect(screen.getByText('Someday')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search tasks' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Already done')).toBeInTheDocument();
    expect(screen.queryByText('Late copy')).toBeNull();
    expect(group(/Earlier/)).toEqual(['Already done']);
  });

  it('should tick a task off at once and send it', async () => {
    const { user, client } = renderWidget(<MyWork />, { campaigns, tasks, users });
    const box = await screen.findByRole('checkbox', { name: 'Done: Banner by Friday' });
    await user.click(box);
    await waitFor(() => expect(client.control.tasks().find((t) => t.title === 'Banner by Friday')?.status).toBe('done'));
    // Open tasks only: once the list is read again the done one leaves it.
    await waitFor(() => expect(screen.queryByText('Banner by Friday')).toBeNull());
  });

  it('should read further pages with Load more', async () => {
    const many = Array.from({ length: 60 }, (_, i) => makeTask(spring, { title: `Task ${String(i).padStart(2, '0')}`, assignee_id: me, due_date: `2026-05-${String((i % 28) + 1).padStart(2, '0')}` }));
    const { user } = renderWidget(<MyWork />, { campaigns: [withTaskSummary(spring, many)], tasks: many });
    await screen.findByRole('heading', { name: /Later/ });
    expect(screen.getAllByRole('checkbox')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load more tasks' }));
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(60));
    expect(screen.queryByRole('button', { name: 'Load more tasks' })).toBeNull();
  });

  it('should search every task, not only the page loaded, once the typing pauses', async () => {
    const many = Array.from({ length: 60 }, (_, i) => makeTask(spring, { title: `Task ${String(i).padStart(2, '0')}`, assignee_id: me, due_date: `2026-05-${String((i % 28) + 1).padStart(2, '0')}` }));
    const { user, client } = renderWidget(<MyWork />, { campaigns: [withTaskSummary(spring, many)], tasks: many });
    await screen.findByRole('heading', { name: /Later/ });
    // Task 27 is due last (May 28), so it is not on the first page of 50.
    expect(screen.queryByText('Task 27')).toBeNull();
    const minePage = vi.spyOn(client.tasks, 'minePage');
    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'task 27');
    expect(await screen.findByText('Task 27')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    // One request for the settled text, not one per keystroke.
    expect(minePage.mock.calls.map(([q]) => q.q)).toEqual(['task 27']);
  });
});

function Count() {
  const counts = useMyTaskCounts();
  return <p>{counts.open === undefined ? 'counting' : `${counts.open} open, ${counts.overdue} overdue`}</p>;
}

describe('useMyTaskCounts', () => {
  it('should count my open and overdue tasks, and follow a tick', async () => {
    const { user } = renderWidget(<><Count /><MyWork /></>, { campaigns, tasks, users });
    expect(await screen.findByText('4 open, 1 overdue')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Done: Late copy' }));
    expect(await screen.findByText('3 open, 0 overdue')).toBeInTheDocument();
  });
});
