import { compareMyTasks, endOfWeek, isOverdue, type Task } from '@cadence/core';

// My work's groups: pure, so the rules are tested without React.

export type MyWorkGroup = 'overdue' | 'earlier' | 'week' | 'later' | 'undated';

export const MY_WORK_GROUP_LABELS: Record<MyWorkGroup, string> = {
  overdue: 'Overdue',
  earlier: 'Earlier',
  week: 'This week',
  later: 'Later',
  undated: 'No due date',
};
const ORDER: readonly MyWorkGroup[] = ['overdue', 'earlier', 'week', 'later', 'undated'];

/**
 * Which group a task falls in on `today` (the viewer's date): open and due before today is
 * overdue, a done one due then is earlier; due by the end of today's week is this week.
 */
export function myWorkGroup(t: Pick<Task, 'due_date' | 'status'>, today: string): MyWorkGroup {
  if (t.due_date === null) return 'undated';
  if (t.due_date < today) return isOverdue(t, today) ? 'overdue' : 'earlier';
  return t.due_date <= endOfWeek(today) ? 'week' : 'later';
}

/** The tasks in their groups, each in My work's order (due date, then id); empty groups left out. */
export function groupMyWork<T extends Task>(tasks: readonly T[], today: string): Array<{ group: MyWorkGroup; tasks: T[] }> {
  const by = new Map<MyWorkGroup, T[]>();
  for (const t of [...tasks].sort(compareMyTasks)) {
    const g = myWorkGroup(t, today);
    const list = by.get(g);
    if (list) list.push(t);
    else by.set(g, [t]);
  }
  return ORDER.filter((g) => by.has(g)).map((g) => ({ group: g, tasks: by.get(g)! }));
}

/** Whether a task's title or its campaign's holds `text` (case-insensitive). */
export const matchesText = (t: Task, text: string): boolean => {
  const q = text.trim().toLowerCase();
  return !q || t.title.toLowerCase().includes(q) || t.campaign.title.toLowerCase().includes(q);
};
