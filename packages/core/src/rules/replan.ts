import type { Ymd } from '../dates';
import { addWorkingDays, workingDaysBetween, type WorkingCalendar } from './working-days';

/**
 * Re-planning (docs/adr/0053-replanning-on-go-live.md): when a campaign's go-live moves, every task
 * not yet done moves by the same number of working days. A task that lands before `today` or after
 * the new go-live is placed all the same and flagged, so the plan keeps its shape and Undo can put
 * every task back where it was.
 */

export interface ReplannableTask {
  readonly id: string;
  readonly due_date: Ymd | null;
  readonly status: 'todo' | 'in_progress' | 'done';
}

export type ReplanFlag = 'past' | 'after_live';

export interface ReplanMove {
  readonly id: string;
  readonly from: Ymd;
  readonly to: Ymd;
}

export interface ReplanPlan {
  /** Signed working days go-live moved by; 0 moves nothing. */
  readonly workingDays: number;
  /** The tasks whose due date changes, with both dates (`from` is what Undo restores). */
  readonly moves: readonly ReplanMove[];
  /** Open tasks that, once moved, fall before today or after the new go-live. */
  readonly flagged: ReadonlyArray<{ readonly id: string; readonly due_date: Ymd; readonly flag: ReplanFlag }>;
}

/**
 * What a campaign update that re-planned its tasks answers in its `X-Replan` header: the working
 * days go-live moved by, each moved task as [id, due date before, due date after], and the flagged
 * ones as [id, flag]. An Undo sends each `before` back as the update's `task_due_dates`.
 */
export interface ReplanReport {
  working_days: number;
  moved: Array<[string, Ymd, Ymd]>;
  flagged: Array<[string, ReplanFlag]>;
}

/** The update body's `task_due_dates` that puts every task of `report` back where it was. */
export const undoDueDates = (report: ReplanReport): Record<string, Ymd> => Object.fromEntries(report.moved.map(([id, from]) => [id, from]));

/** Why an open task's due date needs a look: before today, or after go-live. Null when neither. */
export function taskPlanFlag(task: ReplannableTask, liveDate: Ymd | null, today: Ymd): ReplanFlag | null {
  if (task.status === 'done' || !task.due_date) return null;
  if (liveDate && task.due_date > liveDate) return 'after_live';
  if (task.due_date < today) return 'past';
  return null;
}

/**
 * The moves that follow go-live from `fromLive` to `toLive`: undated and done tasks stay put, every
 * other task moves by `workingDaysBetween(fromLive, toLive)` working days.
 */
export function replanTasks(
  tasks: readonly ReplannableTask[],
  fromLive: Ymd,
  toLive: Ymd,
  cal: WorkingCalendar,
  today: Ymd,
): ReplanPlan {
  const workingDays = workingDaysBetween(fromLive, toLive, cal);
  const moves: ReplanMove[] = [];
  const flagged: Array<{ id: string; due_date: Ymd; flag: ReplanFlag }> = [];
  for (const task of tasks) {
    if (task.status === 'done' || !task.due_date) continue;
    const to = addWorkingDays(task.due_date, workingDays, cal);
    if (to !== task.due_date) moves.push({ id: task.id, from: task.due_date, to });
    const flag = taskPlanFlag({ ...task, due_date: to }, toLive, today);
    if (flag) flagged.push({ id: task.id, due_date: to, flag });
  }
  return { workingDays, moves, flagged };
}
