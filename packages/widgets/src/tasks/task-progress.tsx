import { isOverdue, taskProgressLabel, todayYmd, type TaskSummary } from '@cadence/core';
import type { ReactNode } from 'react';
import { useCadence } from '../provider/context';

/** A campaign's task summary, when it is a stored campaign with tasks (a virtual one has none). */
export function summaryOf(c: object): TaskSummary | null {
  const s = 'task_summary' in c ? (c.task_summary as TaskSummary | null | undefined) : null;
  return s && s.total > 0 ? s : null;
}

/** "4 of 7 tasks done", and ", overdue" when the earliest open due date is before `today`: what the compact "4/7" says aloud. */
export function taskProgressText(s: TaskSummary, today: string): string {
  return `${s.done} of ${s.total} tasks done${isOverdue(s, today) ? ', overdue' : ''}`;
}

/**
 * "4/7" (and a "!" marker with its word when overdue) on cards, chips and bars. The visible text is
 * compact and hidden from assistive technology; its spoken form is the whole sentence. Nothing
 * when the campaign has no tasks.
 */
export function TaskProgress({ campaign, compact = false, drawnOnly = false }: { campaign: object; compact?: boolean; drawnOnly?: boolean }): ReactNode {
  const { now } = useCadence();
  const s = summaryOf(campaign);
  const today = todayYmd(now());
  if (!s) return null;
  const overdue = isOverdue(s, today);
  if (drawnOnly) {
    // Inside a control whose aria-label already says it (a Gantt bar): drawn by CSS from data
    // attributes, so the control's visible text stays its label's words (WCAG 2.5.3, label in name).
    return (
      <span
        className={`cad-task-progress cad-task-progress--drawn${overdue ? ' cad-task-progress--overdue' : ''}${compact ? ' cad-task-progress--compact' : ''}`}
        data-progress={taskProgressLabel(s)}
        data-overdue={overdue || undefined}
        aria-hidden="true"
      />
    );
  }
  return (
    <span className={`cad-task-progress${overdue ? ' cad-task-progress--overdue' : ''}${compact ? ' cad-task-progress--compact' : ''}`} title={taskProgressText(s, today)}>
      <span aria-hidden="true">
        {overdue && <span className="cad-task-progress__mark">!</span>}
        {taskProgressLabel(s)}
        {overdue && !compact && <span className="cad-task-progress__word"> overdue</span>}
      </span>
      {/* The separator keeps a chip's name "Spring Launch, 4 of 7 tasks done" (inline parts join without spaces). */}
      <span className="cad-sr-only">, </span>
      <span className="cad-sr-only">{taskProgressText(s, today)}</span>
    </span>
  );
}
