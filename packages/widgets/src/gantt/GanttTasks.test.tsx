import type { Task } from '@cadence/core';
import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { forgetMove } from '../move/undo';
import { makeCampaign } from '../testing/fixtures';
import { makeTask, withTaskSummary, VIEWER_ID } from '../testing/fixtures-more';
import { renderWidget } from '../testing/render';
import { Gantt } from './Gantt';

// "Today" is Wednesday 2026-03-11 (renderWidget): Q1 2026.
const plain = makeCampaign({ title: 'Spring launch', channels: ['email'], planning_start_date: '2026-02-01', live_date: '2026-03-01', end_date: '2026-03-31' });
const tasks: Task[] = [];
tasks.push(makeTask(plain, { title: 'Brief the agency', due_date: '2026-03-05', status: 'done' }, tasks));
tasks.push(makeTask(plain, { title: 'Write copy', due_date: '2026-03-09' }, tasks));
tasks.push(makeTask(plain, { title: 'Proofread', due_date: '2026-03-20' }, tasks));
tasks.push(makeTask(plain, { title: 'Someday', due_date: null }, tasks));
const spring = withTaskSummary(plain, tasks);
const quiet = makeCampaign({ title: 'No tasks here', channels: ['seo'], planning_start_date: '2026-03-01', live_date: '2026-03-05' });

const status = () => [...document.querySelectorAll('p.cad-sr-only[role="status"]')].map((p) => p.textContent).join(' ');
const taskUpdates = (client: { control: { calls: Array<{ op: string; args: unknown[] }> } }) => client.control.calls.filter((c) => c.op === 'tasks.update');

afterEach(() => forgetMove());

async function expand(user: ReturnType<typeof renderWidget>['user']) {
  const disclosure = await screen.findByRole('button', { name: 'Show the 4 tasks of Spring launch' });
  expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  disclosure.focus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: 'Hide the 4 tasks of Spring launch' })).toHaveAttribute('aria-expanded', 'true');
  return screen.findByRole('list', { name: 'Tasks of Spring launch' });
}

describe('Gantt task rows', () => {
  it('should offer a disclosure only where a campaign has tasks, and load them when expanded', async () => {
    const { client, user } = renderWidget(<Gantt />, { campaigns: [spring, quiet], tasks });
    await screen.findByRole('button', { name: /Edit No tasks here/ });
    expect(screen.queryByRole('button', { name: /tasks of No tasks here/ })).not.toBeInTheDocument();
    expect(client.control.calls.filter((c) => c.op === 'tasks.list')).toHaveLength(0);
    const list = await expand(user);
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.cad-gantt__label')?.textContent)).toEqual(['Brief the agency✓ Done', 'Write copy Overdue', 'Proofread', 'Someday']);
    expect(client.control.calls.filter((c) => c.op === 'tasks.list').map((c) => c.args[0])).toEqual([spring.id]);
    // Each dated task is a diamond named with its date and state in words; the undated one says so.
    expect(within(list).getByRole('button', { name: 'Brief the agency: due Mar 05, 2026, done' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Write copy: due Mar 09, 2026, overdue' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Proofread: due Mar 20, 2026' })).toBeInTheDocument();
    expect(within(rows[3]!).getByText('No due date')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide the 4 tasks of Spring launch' }));
    expect(screen.queryByRole('list', { name: 'Tasks of Spring launch' })).not.toBeInTheDocument();
  });

  it('should move a due date by keyboard, save it with the version, and undo it from the toast', async () => {
    const { client, user, toasts } = renderWidget(<Gantt />, { campaigns: [spring], tasks });
    const list = await expand(user);
    const marker = await within(list).findByRole('button', { name: /^Proofread: due Mar 20/ });
    marker.focus();
    await user.keyboard(' ');
    expect(status()).toContain('Picked up Proofread, due Mar 20, 2026.');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}{ArrowRight}');
    expect(status()).toContain('Proofread: due Mar 22, 2026');
    await user.keyboard(' ');
    await waitFor(() => expect(taskUpdates(client)).toHaveLength(1));
    const proofread = tasks[2]!;
    expect(taskUpdates(client)[0]!.args).toEqual([proofread.id, { due_date: '2026-03-22' }, { version: 1 }]);
    await waitFor(() => expect(status()).toContain('Saved. Proofread is due Mar 22, 2026.'));
    expect((await client.tasks.get(proofread.id)).due_date).toBe('2026-03-22');
    await waitFor(() => expect(within(list).getByRole('button', { name: /^Proofread: due Mar 22/ })).toBeInTheDocument());

    const saved = toasts.find((t) => t.title === 'Task updated')!;
    expect(saved.description).toBe('"Proofread" is due Mar 22, 2026');
    act(() => saved.action!.onSelect());
    await waitFor(() => expect(taskUpdates(client)).toHaveLength(2));
    expect(taskUpdates(client)[1]!.args).toEqual([proofread.id, { due_date: '2026-03-20' }, { version: 2 }]);
    await waitFor(() => expect(status()).toContain('Move undone. Proofread is due Mar 20, 2026.'));
    expect((await client.tasks.get(proofread.id)).due_date).toBe('2026-03-20');
  });

  it('should undo the last task move with Ctrl+Z, and put a cancelled move back with Escape', async () => {
    const { client, user } = renderWidget(<Gantt />, { campaigns: [spring], tasks });
    const list = await expand(user);
    const marker = await within(list).findByRole('button', { name: /^Write copy: due Mar 09/ });
    marker.focus();
    await user.keyboard(' {ArrowRight}{Escape}');
    expect(status()).toContain('Move cancelled. Write copy is due Mar 09, 2026.');
    expect(taskUpdates(client)).toHaveLength(0);
    await user.keyboard(' {ArrowLeft} ');
    await waitFor(() => expect(taskUpdates(client)).toHaveLength(1));
    expect(taskUpdates(client)[0]!.args[1]).toEqual({ due_date: '2026-03-08' });
    await waitFor(() => expect(status()).toContain('Saved.'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(taskUpdates(client)).toHaveLength(2));
    expect(taskUpdates(client)[1]!.args[1]).toEqual({ due_date: '2026-03-09' });
  });

  it('should move a due date by dragging its diamond a whole number of days, and cancel a drop outside the chart', async () => {
    const { client, user } = renderWidget(<Gantt />, { campaigns: [spring], tasks });
    const list = await expand(user);
    const marker = await within(list).findByRole('button', { name: /^Proofread: due Mar 20/ });
    // Q1 2026 is 90 days: a 900 px track is 10 px a day.
    const track = marker.closest('.cad-gantt__track')!;
    const rect = vi.spyOn(track, 'getBoundingClientRect').mockReturnValue({ width: 900, height: 32, top: 0, left: 0, right: 900, bottom: 32, x: 0, y: 0, toJSON: () => ({}) });
    // jsdom has no hit testing: where the pointer is let go, as a browser would say.
    let under: Element | null = track;
    Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => under });
    onTestFinished(() => {
      rect.mockRestore();
      delete (document as { elementFromPoint?: unknown }).elementFromPoint;
    });
    const drag = async (pointerId: number, to: number) => {
      fireEvent.pointerDown(marker, { pointerId, button: 0, pointerType: 'mouse', clientX: 500, clientY: 10 });
      await act(async () => {
        window.dispatchEvent(new PointerEvent('pointermove', { pointerId, clientX: to, clientY: 10 }));
        await new Promise((r) => requestAnimationFrame(r));
      });
    };
    await drag(1, 534);
    expect(marker).toHaveClass('cad-gantt__task-marker--carried');
    act(() => void window.dispatchEvent(new PointerEvent('pointerup', { pointerId: 1, clientX: 534, clientY: 10 })));
    await waitFor(() => expect(taskUpdates(client)).toHaveLength(1));
    expect(taskUpdates(client)[0]!.args[1]).toEqual({ due_date: '2026-03-23' });

    under = null;
    const moved = await within(list).findByRole('button', { name: /^Proofread: due Mar 23/ });
    fireEvent.pointerDown(moved, { pointerId: 2, button: 0, pointerType: 'mouse', clientX: 500, clientY: 10 });
    await act(async () => {
      window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 2, clientX: 560, clientY: 10 }));
      await new Promise((r) => requestAnimationFrame(r));
    });
    act(() => void window.dispatchEvent(new PointerEvent('pointerup', { pointerId: 2, clientX: 560, clientY: 10 })));
    await waitFor(() => expect(status()).toContain('Move cancelled. Proofread is due Mar 23, 2026.'));
    expect(taskUpdates(client)).toHaveLength(1);
  });

  it('should show read-only diamonds to someone who may only read the campaign', async () => {
    const { user } = renderWidget(<Gantt />, {
      campaigns: [spring], tasks, user: { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null, permissions: [{ permission_type: 'global_view', channel: null }] },
    });
    const list = await expand(user);
    expect(await within(list).findByRole('img', { name: 'Proofread: due Mar 20, 2026' })).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe.each(TEST_ZONES)('task due dates in %s', (zone) => {
  useTimeZone(zone);
  it('should move a due date across a month end as the same YYYY-MM-DD string', async () => {
    const c = makeCampaign({ title: 'Spring launch', channels: ['email'], planning_start_date: '2026-02-01', live_date: '2026-03-01', end_date: '2026-03-31' });
    const own: Task[] = [makeTask(c, { title: 'Wrap up', due_date: '2026-03-31' })];
    const { client, user } = renderWidget(<Gantt />, { campaigns: [withTaskSummary(c, own)], tasks: own });
    const disclosure = await screen.findByRole('button', { name: 'Show the task of Spring launch' });
    await user.click(disclosure);
    const marker = await screen.findByRole('button', { name: /^Wrap up: due Mar 31, 2026/ });
    marker.focus();
    await user.keyboard(' {ArrowLeft} ');
    await waitFor(() => expect(taskUpdates(client)).toHaveLength(1));
    expect(taskUpdates(client)[0]!.args[1]).toEqual({ due_date: '2026-03-30' });
  });
});
