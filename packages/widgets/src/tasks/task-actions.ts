import { can, rankFor, type Principal, type QueryKey, type Task, type TaskCreate, type TaskUpdate } from '@cadence/core';
import { useMemo } from 'react';
import { TASK_TOASTS } from '../messages';
import { useCadence, type CadenceContextValue } from '../provider/context';
import type { ToastInput } from '../provider/toast';
import { createWriter, type Optimistic } from '../provider/write';

// A campaign's tasks, written through the one writer (provider/write.ts): optimistic in the
// campaign's list and in My work, rolled back with a toast on failure, refetched afterwards. The
// campaign's `task_summary` reaches cards through the realtime feed (docs/adr/0049).

export const tasksKey = (campaign: string): QueryKey<'tasks'> => ['tasks', { campaign }];

/** My work's cached data: every matching task, or the pages loaded so far. */
export type MyTasksData = Task[] | { items: Task[]; nextCursor: string | null };
type Rows = (list: Task[]) => Task[];

const inMyWork = (fn: Rows) => (d: MyTasksData | undefined) => (d === undefined ? d : Array.isArray(d) ? fn(d) : { ...d, items: fn(d.items) });
const byId = (row: { id: unknown }): Rows => (list) => list.map((t) => (t.id === row.id ? { ...t, ...(row as Task) } : t));

/** The same edit of every cached list holding tasks: the campaigns' and My work's. */
const everywhere = (fn: Rows): Optimistic[] => [
  { keys: 'tasks', apply: fn },
  { keys: 'myTasks', apply: inMyWork(fn), withRow: (row) => inMyWork(byId(row)) },
];
const invalidate = ['tasks', 'myTasks', 'myTaskCounts', 'history'] as const;

/** The rule's fields of a task, for core's `can()` (policy resource `task`). */
const judged = (t: Task, changes?: readonly string[]) => ({
  assignee_id: t.assignee_id,
  campaign: { scope: t.campaign.scope, primary_channel: t.campaign.primary_channel, channels: t.campaign.channels, created_by: t.campaign.created_by },
  ...(changes ? { changes } : {}),
});
/** Whether the user may change the task's status: whoever may update its campaign, and its assignee who may read it. */
export const mayTick = (p: Principal, t: Task): boolean => can(p, 'update', 'task', judged(t, ['status']));
/** Whether the user may change anything of the task (and so add, move and delete its campaign's tasks). */
export const mayEditTask = (p: Principal, t: Task): boolean => can(p, 'update', 'task', judged(t));

export interface TaskActions {
  create(campaignId: string, body: TaskCreate, placeholder: Task): Promise<Task>;
  update(t: Task, patch: TaskUpdate, success?: ToastInput): Promise<Task>;
  setStatus(t: Task, status: Task['status']): Promise<Task>;
  /** One `update(id, {after|before})`; `siblings` are the campaign's tasks in order. */
  move(t: Task, place: { after: string } | { before: string }, siblings: readonly Task[]): Promise<Task>;
  /** Deletes it; the toast's Undo adds it back where it was. */
  remove(t: Task, siblings: readonly Task[]): Promise<void>;
}

function actions(ctx: CadenceContextValue): TaskActions {
  const write = createWriter(ctx);
  // Quick successive writes of one task (a tick, then a move) each send the version the previous one produced.
  const latest = new Map<string, Promise<number>>();
  const queued = (t: Task, send: (version: number) => Promise<Task>): Promise<Task> => {
    const result = (latest.get(t.id) ?? Promise.resolve(t.version)).then((v) => send(Math.max(v, t.version)));
    latest.set(t.id, result.then((r) => r.version, () => t.version));
    return result;
  };
  const update = (t: Task, patch: TaskUpdate, success: ToastInput | undefined, failure: ToastInput, optimistic: Partial<Task> = {}) =>
    write({
      call: (client) => queued(t, (version) => client.tasks.update(t.id, patch, { version })),
      optimistic: everywhere(byId({ ...t, ...(patch as Partial<Task>), ...optimistic })),
      ...(success ? { success } : {}),
      failure,
      invalidate,
    });
  const create = (campaignId: string, body: TaskCreate, placeholder: Task) =>
    write({
      call: (client) => client.tasks.create(campaignId, body),
      optimistic: {
        keys: tasksKey(campaignId),
        apply: (list: Task[] | undefined) => (list ? [...list, placeholder] : list),
        // The server's row takes the placeholder's place.
        withRow: (row) => (list: Task[] | undefined) => list?.map((t) => (t.id === placeholder.id ? (row as Task) : t)),
      },
      success: TASK_TOASTS.created,
      failure: TASK_TOASTS.createError,
      invalidate,
    });
  return {
    create,
    update: (t, patch, success = TASK_TOASTS.updated) => update(t, patch, success, TASK_TOASTS.updateError),
    setStatus: (t, status) => update(t, { status }, status === 'done' ? TASK_TOASTS.done(t.title) : t.status === 'done' ? TASK_TOASTS.reopened(t.title) : undefined, TASK_TOASTS.updateError),
    move: (t, place, siblings) => {
      const placed = rankFor(siblings.filter((s) => s.id !== t.id), place);
      return update(t, place, undefined, TASK_TOASTS.moveError, 'rank' in placed ? { rank: placed.rank } : {});
    },
    remove: async (t, siblings) => {
      const i = siblings.findIndex((s) => s.id === t.id);
      const next = siblings[i + 1];
      const prev = siblings[i - 1];
      await write({
        call: (client) => client.tasks.remove(t.id, { version: t.version }),
        optimistic: everywhere((list) => list.filter((x) => x.id !== t.id)),
        success: {
          title: 'Task deleted',
          description: `"${t.title}" was deleted.`,
          action: {
            label: 'Undo',
            onSelect: () => {
              const body: TaskCreate = {
                title: t.title, assignee_id: t.assignee_id, due_date: t.due_date, status: t.status, required: t.required,
                ...(t.note ? { note: t.note } : {}),
                ...(next ? { before: next.id } : prev ? { after: prev.id } : {}),
              };
              void create(t.campaign_id, body, t).catch(() => undefined);
            },
          },
        },
        failure: TASK_TOASTS.deleteError,
        invalidate,
      });
    },
  };
}

/** Add, change, tick, move and delete tasks, optimistic, with toasts. */
export function useTaskActions(): TaskActions {
  const ctx = useCadence();
  return useMemo(() => actions(ctx), [ctx]);
}
