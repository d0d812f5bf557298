import type { Task } from '@cadence/core';
import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CampaignDialog } from '../campaign-dialog/CampaignDialog';
import { CampaignList } from '../list/CampaignList';
import { CadenceProvider } from '../provider/CadenceProvider';
import { makeCampaign } from '../testing/fixtures';
import { EDITOR_ID, VIEWER_ID, makeTask, withTaskSummary } from '../testing/fixtures-more';
import { fakeRealtime } from '../testing/fake-realtime';
import { createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';

const base = makeCampaign({ title: 'Spring Launch', channels: ['email'], planning_start_date: '2026-03-02', live_date: '2026-03-20', end_date: '2026-04-30' });
const three = (() => {
  const a = makeTask(base, { title: 'Write copy' });
  const b = makeTask(base, { title: 'Design banner' }, [a]);
  const c = makeTask(base, { title: 'Book slot' }, [a, b]);
  return [a, b, c];
})();
const users = [
  { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null },
  { id: EDITOR_ID, email: 'editor@cadence.demo', role: null },
];
const viewerRights = [{ id: 'p1', user_id: VIEWER_ID, permission_type: 'global_view' as const, channel: null, created_by: null, created_at: '2026-01-01T00:00:00Z' }];

async function openTasks(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
  await user.click(within(dialog).getByRole('tab', { name: 'Tasks' }));
  return dialog;
}
const titles = () => within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem').map((li) => li.querySelector('.cad-task__title')?.textContent);

describe('Tasks tab', () => {
  it('should say that a new campaign gets its tasks once created', async () => {
    renderWidget(<CampaignDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Campaign' });
    expect(within(dialog).queryByRole('tab', { name: 'Tasks' })).toBeNull();
    expect(within(dialog).getByText(/Tasks can be added once the campaign is created/)).toBeInTheDocument();
  });

  it('should show the empty state, then add a task with its assignee, due date, required flag and note', async () => {
    const campaign = withTaskSummary(base, []);
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], users, permissions: viewerRights });
    await openTasks(user);
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a task' });
    await user.type(within(form).getByLabelText(/^Task/), 'Draft the email');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'viewer@cadence.demo' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Assignee'), 'viewer@cadence.demo');
    fireEvent.change(within(form).getByLabelText('Due date'), { target: { value: '2026-03-15' } });
    await user.click(within(form).getByRole('checkbox', { name: 'Required before go-live' }));
    await user.type(within(form).getByLabelText('Note'), 'Two variants');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(client.control.tasks()).toHaveLength(1));
    expect(client.control.tasks()[0]).toMatchObject({ title: 'Draft the email', assignee_id: VIEWER_ID, due_date: '2026-03-15', required: true, note: 'Two variants', status: 'todo' });
    const row = await screen.findByRole('listitem');
    expect(within(row).getByText('Required')).toBeInTheDocument();
    expect(within(row).getByText('Due Mar 15, 2026')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('viewer@cadence.demo')).toBeInTheDocument());
  });

  it('should mark an open task due after go-live "After go-live", in words, and not a done one or one due before', async () => {
    const late = makeTask(base, { title: 'Late banner', due_date: '2026-03-24' });
    const lateDone = makeTask(base, { title: 'Late report', due_date: '2026-03-25', status: 'done' }, [late]);
    const onTime = makeTask(base, { title: 'Copy', due_date: '2026-03-20' }, [late, lateDone]);
    const tasks = [late, lateDone, onTime];
    const campaign = withTaskSummary(base, tasks);
    const { user } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], tasks });
    await openTasks(user);
    const row = (title: string) => screen.getByText(title, { selector: '.cad-task__title' }).closest('li')!;
    await screen.findByText('Late banner');
    expect(within(row('Late banner')).getByText('After go-live')).toBeInTheDocument();
    expect(within(row('Late report')).queryByText('After go-live')).not.toBeInTheDocument();
    expect(within(row('Copy')).queryByText('After go-live')).not.toBeInTheDocument();
  });

  it('should tick a task off and reopen it', async () => {
    const campaign = withTaskSummary(base, three);
    const { user, client, toasts } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], tasks: three });
    await openTasks(user);
    const box = await screen.findByRole('checkbox', { name: 'Done: Design banner' });
    await user.click(box);
    expect(box).toBeChecked();
    await waitFor(() => expect(client.control.tasks().find((t) => t.title === 'Design banner')?.status).toBe('done'));
    expect(toasts.at(-1)).toMatchObject({ title: 'Task done' });
    expect(screen.getByText('1 of 3 tasks done')).toBeInTheDocument();
    await user.click(box);
    await waitFor(() => expect(client.control.tasks().find((t) => t.title === 'Design banner')?.status).toBe('todo'));
  });

  it('should roll a failed tick back with a toast', async () => {
    const campaign = withTaskSummary(base, three);
    const { user, client, toasts } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], tasks: three });
    await openTasks(user);
    const box = await screen.findByRole('checkbox', { name: 'Done: Write copy' });
    client.control.failNext('tasks.update');
    await user.click(box);
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Failed to update task', variant: 'destructive' }));
    expect(box).not.toBeChecked();
  });

  it('should move a task with Alt+Up and Alt+Down, one update each, announced', async () => {
    const campaign = withTaskSummary(base, three);
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], tasks: three });
    await openTasks(user);
    const handle = await screen.findByRole('button', { name: 'Reorder Book slot' });
    handle.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(titles()).toEqual(['Write copy', 'Book slot', 'Design banner']);
    expect(screen.getByText('Moved Book slot to position 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(client.control.calls.filter((c) => c.op === 'tasks.update')).toHaveLength(1));
    expect(client.control.calls.find((c) => c.op === 'tasks.update')?.args.slice(0, 2)).toEqual([three[2]!.id, { before: three[1]!.id }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reorder Book slot' })).toHaveFocus());
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(titles()).toEqual(['Book slot', 'Write copy', 'Design banner']));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(client.control.calls.filter((c) => c.op === 'tasks.update')).toHaveLength(3));
    await waitFor(() => expect([...client.control.tasks()].sort((a, b) => (a.rank < b.rank ? -1 : 1)).map((t) => t.title)).toEqual(['Write copy', 'Book slot', 'Design banner']));
  });

  it('should move a task by dragging its handle onto another (one update)', async () => {
    const campaign = withTaskSummary(base, three);
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], tasks: three });
    await openTasks(user);
    const handle = await screen.findByRole('button', { name: 'Reorder Book slot' });
    const target = screen.getByRole('checkbox', { name: 'Done: Write copy' }).closest('li')!;
    const dataTransfer = { setData: () => {}, effectAllowed: 'all' };
    fireEvent.dragStart(handle, { dataTransfer });
    // jsdom lays nothing out: a row's box is empty, so the pointer is in its lower half ("after").
    fireEvent.dragOver(target, { dataTransfer, clientY: 1 });
    fireEvent.drop(target, { dataTransfer, clientY: 1 });
    expect(titles()).toEqual(['Write copy', 'Book slot', 'Design banner']);
    await waitFor(() => expect(client.control.calls.filter((c) => c.op === 'tasks.update')).toHaveLength(1));
    expect(client.control.calls.find((c) => c.op === 'tasks.update')?.args.slice(0, 2)).toEqual([three[2]!.id, { after: three[0]!.id }]);
  });

  it('should delete a task and bring it back with Undo, in its place', async () => {
    const campaign = withTaskSummary(base, three);
    const { user, client, toasts } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], tasks: three });
    await openTasks(user);
    await user.click(await screen.findByRole('button', { name: 'Actions for Design banner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(client.control.tasks()).toHaveLength(2));
    expect(titles()).toEqual(['Write copy', 'Book slot']);
    const toast = toasts.at(-1)!;
    expect(toast).toMatchObject({ title: 'Task deleted' });
    act(() => toast.action!.onSelect());
    await waitFor(() => expect(titles()).toEqual(['Write copy', 'Design banner', 'Book slot']));
    expect(client.control.tasks()).toHaveLength(3);
  });

  it('should edit a task in place', async () => {
    const campaign = withTaskSummary(base, three);
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, { campaigns: [campaign], tasks: three });
    await openTasks(user);
    await user.click(await screen.findByRole('button', { name: 'Actions for Write copy' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Write copy' });
    const title = within(form).getByLabelText(/^Task/);
    await user.clear(title);
    await user.type(title, 'Write final copy');
    await user.click(within(form).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(client.control.tasks().find((t) => t.id === three[0]!.id)?.title).toBe('Write final copy'));
    expect(titles()[0]).toBe('Write final copy');
  });

  it('should show read-only tasks to a reader, who ticks only the tasks assigned to them', async () => {
    const mine = makeTask(base, { title: 'Mine', assignee_id: VIEWER_ID });
    const theirs = makeTask(base, { title: 'Theirs', assignee_id: EDITOR_ID }, [mine]);
    const campaign = withTaskSummary(base, [mine, theirs]);
    const { user, client } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, {
      campaigns: [campaign], tasks: [mine, theirs], users,
      user: { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null, permissions: viewerRights },
    });
    await openTasks(user);
    const own = await screen.findByRole('checkbox', { name: 'Done: Mine' });
    expect(own).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Done: Theirs' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a task' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Theirs' })).toBeNull();
    await user.click(own);
    await waitFor(() => expect(client.control.tasks().find((t) => t.title === 'Mine')?.status).toBe('done'));
  });

  it('should give a reader the tasks from the campaign card, where they tick their own', async () => {
    const mine = makeTask(base, { title: 'Mine', assignee_id: VIEWER_ID });
    const campaign = withTaskSummary(base, [mine]);
    const { user, client } = renderWidget(<CampaignList />, {
      campaigns: [campaign], tasks: [mine], users,
      user: { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null, permissions: viewerRights },
    });
    const card = await screen.findByRole('article', { name: 'Spring Launch' });
    expect(within(card).queryByRole('button', { name: 'Edit Spring Launch' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Tasks of Spring Launch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tasks: Spring Launch' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Done: Mine' }));
    await waitFor(() => expect(client.control.tasks()[0]?.status).toBe('done'));
  });

  it("should show another client's change through the realtime feed", async () => {
    const campaign = withTaskSummary(base, three);
    const client = createMemoryClient({ campaigns: [campaign], tasks: three });
    const feed = fakeRealtime();
    const user = userEvent.setup();
    render(
      <CadenceProvider client={client} realtime={feed.realtime} now={() => new Date(2026, 2, 11, 10)}>
        <CampaignDialog open campaign={campaign} onOpenChange={() => {}} />
      </CadenceProvider>,
    );
    await openTasks(user);
    await screen.findByRole('checkbox', { name: 'Done: Write copy' });
    // Someone else renames a task: the server's feed announces it.
    const row: Task = await client.tasks.update(three[0]!.id, { title: 'Copy (renamed elsewhere)' });
    act(() => feed.send({ topic: 'tasks', op: 'update', row }));
    expect(await screen.findByRole('checkbox', { name: 'Done: Copy (renamed elsewhere)' })).toBeInTheDocument();
  });
});

describe.each(TEST_ZONES.slice(0, 2))('Tasks overdue in TZ=%s', (zone) => {
  useTimeZone(zone);
  it('should mark a task due yesterday (the viewer’s yesterday) as overdue, in words', async () => {
    const late = makeTask(base, { title: 'Due Mar 10', due_date: '2026-03-10' });
    const campaign = withTaskSummary(base, [late]);
    // 02:00 UTC on Mar 11: still Mar 10 in Los Angeles.
    const { user } = renderWidget(<CampaignDialog open campaign={campaign} onOpenChange={() => {}} />, {
      campaigns: [campaign], tasks: [late], at: () => new Date('2026-03-11T02:00:00Z'),
    });
    await openTasks(user);
    const row = (await screen.findByRole('checkbox', { name: 'Done: Due Mar 10' })).closest('li')!;
    if (zone === 'UTC') expect(within(row).getByText('Overdue')).toBeInTheDocument();
    else expect(within(row).queryByText('Overdue')).toBeNull();
  });
});
