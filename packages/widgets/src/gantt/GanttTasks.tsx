import { addDays, can, dayLeftPercent, daysBetween, formatYmd, isConflict, isOverdue, type Campaign, type Principal, type Task, type Ymd, type YmdSpan } from '@cadence/core';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { moveKey } from '../move/keys';
import { beginPointerGesture, elementAt } from '../move/pointer';
import { forgetMove, rememberMove } from '../move/undo';
import { useCadence } from '../provider/context';
import { useList } from '../provider/resources';
import { useWrite } from '../provider/write';
import { TriangleAlert } from '../ui/icons';

// A campaign's tasks as sub-rows of its Gantt row (docs/adr/0049): each task a diamond on its due
// date, moved by pointer or keyboard as bars are (ADR 19: Space picks up and drops, Left and Right
// move a day, Escape cancels), saved as one If-Match PATCH of `due_date` with Undo in its toast
// and on Ctrl/Cmd+Z.

/** One task sub-row's height: the campaign row's estimate adds this per task (its summary's total). */
export const TASK_ROW_PX = 32;

/** A task picked up, and the due date it would get if dropped now. */
export interface TaskMove {
  task: Task;
  origin: Ymd;
  due: Ymd;
  via: 'pointer' | 'keyboard';
}

export interface TaskMover {
  move: TaskMove | null;
  announcement: string;
  /** Whether the user may change this task's due date (and moving is on). */
  movable(t: Task): boolean;
  onKeyDown(e: KeyboardEvent, t: Task): void;
  onPointerDown(e: PointerEvent<HTMLElement>, t: Task, range: YmdSpan): void;
}

const day = (ymd: Ymd) => formatYmd(ymd, 'MMM dd, yyyy');
const failed = { title: 'Error updating task', description: 'Failed to update the task’s due date.', variant: 'destructive' as const };

/** The tasks of one campaign, in their order, fetched when its row is expanded. */
export const useCampaignTasks = (campaignId: string) => useList<Task>(['tasks', { campaign: campaignId }], (c) => c.tasks.list(campaignId));

/** Saves a task's new due date with Undo (toast and Ctrl/Cmd+Z); a conflict is said, not overwritten. */
function useSaveDue(announce: (text: string) => void) {
  const write = useWrite();
  const { toast } = useCadence();
  return useCallback(
    async (task: Task, due: Ymd, origin: Ymd) => {
      const send = (t: Task, to: Ymd, description: string, action?: { label: string; onSelect: () => void }) =>
        write<Task>({
          call: (client) => client.tasks.update(t.id, { due_date: to }, { version: t.version }),
          optimistic: { keys: ['tasks', { campaign: t.campaign_id }], apply: (list: Task[]) => list.map((x) => (x.id === t.id ? { ...x, due_date: to } : x)) },
          success: { title: 'Task updated', description, ...(action ? { action } : {}) },
          failure: (e) => (isConflict(e) ? null : failed),
          invalidate: ['tasks', 'myTasks', 'campaigns', 'campaignPages'],
        });
      const refused = (t: Task, error: unknown) => {
        if (!isConflict(error)) return announce(`Not moved: ${t.title} could not be saved.`);
        toast({ title: 'Not moved: someone else changed this task', description: 'Reload to see the current version.', variant: 'destructive' });
        announce(`Not moved: someone else changed ${t.title}.`);
      };
      try {
        const saved = await send(task, due, `"${task.title}" is due ${day(due)}`, { label: 'Undo', onSelect: () => undo() });
        announce(`Saved. ${task.title} is due ${day(due)}.`);
        let done = false;
        const undo = () => {
          if (done) return;
          done = true;
          forgetMove(undo);
          send(saved, origin, `"${task.title}" is due ${day(origin)} again`)
            .then(() => announce(`Move undone. ${task.title} is due ${day(origin)}.`))
            .catch((e) => refused(saved, e));
        };
        rememberMove(undo);
      } catch (error) {
        refused(task, error);
      }
    },
    [write, toast, announce],
  );
}

/** Picking up, moving, dropping and cancelling task markers, for one Gantt. */
export function useTaskMover(principal: Principal, editable: boolean): TaskMover {
  const [move, setMove] = useState<TaskMove | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const current = useRef<TaskMove | null>(null);
  current.current = move;
  const save = useSaveDue(setAnnouncement);

  const movable = useCallback(
    (t: Task) => editable && t.due_date !== null && can(principal, 'update', 'task', { assignee_id: t.assignee_id, campaign: t.campaign, changes: ['due_date'] }),
    [principal, editable],
  );
  const set = (m: TaskMove | null) => {
    current.current = m;
    setMove(m);
  };
  const drop = useCallback(() => {
    const m = current.current;
    if (!m) return;
    set(null);
    if (m.due === m.origin) return setAnnouncement(`Dropped ${m.task.title} where it was.`);
    void save(m.task, m.due, m.origin);
  }, [save]);
  const cancel = useCallback(() => {
    const m = current.current;
    if (!m) return;
    set(null);
    setAnnouncement(`Move cancelled. ${m.task.title} is due ${day(m.origin)}.`);
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent, t: Task) => {
      const carrying = current.current?.task.id === t.id;
      const key = moveKey(e, carrying, 'gantt');
      if (!key || !movable(t) || (key.type === 'step' && key.kind !== 'move')) return;
      e.preventDefault();
      e.stopPropagation();
      if (key.type === 'pick-up') {
        if (current.current) drop();
        set({ task: t, origin: t.due_date!, due: t.due_date!, via: 'keyboard' });
        setAnnouncement(`Picked up ${t.title}, due ${day(t.due_date!)}. Left and Right move it a day, Space drops it, Escape cancels.`);
      } else if (key.type === 'drop') drop();
      else if (key.type === 'cancel') cancel();
      else {
        const m = current.current!;
        const due = addDays(m.due, key.days);
        set({ ...m, due });
        setAnnouncement(`${t.title}: due ${day(due)}`);
      }
    },
    [movable, drop, cancel],
  );

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>, t: Task, range: YmdSpan) => {
      if (!movable(t)) return;
      const marker = e.currentTarget;
      const track = marker.closest('.cad-gantt__track') ?? marker;
      const x0 = e.clientX;
      const dayPx = track.getBoundingClientRect().width / (daysBetween(range.start, range.end) + 1);
      const dueAt = (x: number) => addDays(t.due_date!, dayPx > 0 ? Math.round((x - x0) / dayPx) : 0);
      beginPointerGesture(e, {
        start: () => set({ task: t, origin: t.due_date!, due: t.due_date!, via: 'pointer' }),
        move: (x) => current.current && set({ ...current.current, due: dueAt(x) }),
        drop: (x, y) => {
          if (!elementAt(marker, x, y)?.closest('.cad-gantt')) return cancel();
          if (current.current) set({ ...current.current, due: dueAt(x) });
          drop();
        },
        cancel,
      });
    },
    [movable, drop, cancel],
  );

  return { move, announcement, movable, onKeyDown, onPointerDown };
}

/** The state a task's row says in words (and an icon), never by colour alone. */
function TaskState({ task, today }: { task: Task; today: Ymd }): ReactNode {
  if (task.status === 'done') return <span className="cad-gantt__task-state cad-gantt__task-state--done"><span aria-hidden="true">✓ </span>Done</span>;
  if (isOverdue(task, today)) return <span className="cad-gantt__task-state cad-gantt__task-state--overdue"><TriangleAlert size={12} aria-hidden="true" /> Overdue</span>;
  if (task.status === 'in_progress') return <span className="cad-gantt__task-state">In progress</span>;
  return null;
}

interface TaskRowsProps {
  campaign: Campaign;
  range: YmdSpan;
  today: Ymd;
  mover: TaskMover;
  id: string;
}

/** A campaign's tasks as sub-rows: title and state on the left, the due-date diamond on the track. */
export function GanttTaskRows({ campaign, range, today, mover, id }: TaskRowsProps): ReactNode {
  const tasks = useCampaignTasks(campaign.id);
  const halfDay = useMemo(() => 50 / (daysBetween(range.start, range.end) + 1), [range.start, range.end]);
  if (tasks.status === 'loading' && !tasks.data) return <p id={id} className="cad-gantt__tasks-note" role="status">Loading tasks…</p>;
  if (tasks.status === 'error') return <p id={id} className="cad-gantt__tasks-note" role="alert">The tasks could not be loaded.</p>;
  const rows = tasks.data ?? [];
  if (!rows.length) return <p id={id} className="cad-gantt__tasks-note">No tasks.</p>;
  return (
    <div id={id} role="list" aria-label={`Tasks of ${campaign.title}`} className="cad-gantt__tasks">
      {rows.map((task) => {
        const carried = mover.move?.task.id === task.id ? mover.move : null;
        const due = carried ? carried.due : task.due_date;
        const left = due === null ? null : dayLeftPercent(due, range);
        const movable = mover.movable(task);
        const label = `${task.title}: ${due === null ? 'no due date' : `due ${day(due)}`}${task.status === 'done' ? ', done' : task.due_date !== null && isOverdue(task, today) ? ', overdue' : ''}`;
        const classes = ['cad-gantt__task-marker', task.status === 'done' && 'cad-gantt__task-marker--done', isOverdue(task, today) && 'cad-gantt__task-marker--overdue', carried && 'cad-gantt__task-marker--carried']
          .filter(Boolean)
          .join(' ');
        return (
          <div key={task.id} role="listitem" className="cad-gantt__row cad-gantt__row--task" style={{ height: TASK_ROW_PX, minHeight: TASK_ROW_PX }}>
            <div className="cad-gantt__label cad-gantt__task-label">
              <span className="cad-gantt__task-title">{task.title}</span>
              <TaskState task={task} today={today} />
            </div>
            <div className="cad-gantt__track">
              {due === null ? (
                <span className="cad-gantt__tasks-note">No due date</span>
              ) : left === null ? (
                <span className="cad-gantt__tasks-note">Due {day(due)}, outside this range</span>
              ) : movable ? (
                <button
                  type="button"
                  className={classes}
                  style={{ left: `${left + halfDay}%` }}
                  aria-label={label}
                  aria-description="Press Space to pick up and move its due date"
                  title={label}
                  data-task={task.id}
                  onKeyDown={(e) => mover.onKeyDown(e, task)}
                  onKeyUp={(e) => e.key === ' ' && e.preventDefault()}
                  onPointerDown={(e) => mover.onPointerDown(e, task, range)}
                />
              ) : (
                <span className={classes} style={{ left: `${left + halfDay}%` }} role="img" aria-label={label} title={label} />
              )}
              {carried && carried.via === 'pointer' && left !== null && (
                <span className="cad-gantt__drag-label" style={{ left: `${left}%`, top: 0 }} aria-hidden="true">{formatYmd(carried.due, 'MMM dd')}</span>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
