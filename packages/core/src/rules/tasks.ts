import { generateKeyBetween } from 'fractional-indexing';
import { fromCursorText, toCursorText } from './list-cursor';

// A campaign's tasks (docs/adr/0049-campaign-tasks.md): their order, their summary on the campaign,
// "My work"'s order and cursor, and overdue. Pure and zod-free: the server, the memory client and
// the widgets share them. (The rows' types are the schemas' `Task` and `TaskSummary`; the shapes
// below are what each rule reads, so this module imports no schema.)

/** The statuses (constants.ts TASK_STATUSES) that count as finished. */
const DONE = 'done';

export interface RankedTask {
  id: string;
  rank: string;
}

/** Plain code-unit order, as PostgreSQL's `COLLATE "C"` on the rank column: never a locale's. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A campaign's tasks in their order: by rank, then id (two tasks may share a rank, see rankFor). */
export function compareTaskOrder(a: RankedTask, b: RankedTask): number {
  return byCodeUnit(a.rank, b.rank) || byCodeUnit(a.id, b.id);
}

/** Where a task goes among its campaign's other tasks: after one, before one, or (neither) at the end. */
export interface TaskPlacement {
  after?: string | null | undefined;
  before?: string | null | undefined;
}

export type RankResult = { rank: string } | { field: 'after' | 'before'; message: string };

/**
 * The rank that puts a task where `place` says among `siblings` (its campaign's other tasks, the
 * moved task left out): one new key between two neighbours (fractional-indexing), so a move
 * writes one row. Ranks are unique when written one at a time per campaign (the server writes
 * them under the campaign's lock); a revert that brings back a deleted task may bring a rank that
 * was given again meanwhile. With such a tie, "after X" goes after every task of X's rank and
 * "before Y" before every task of Y's, which keeps the key strictly between its neighbours.
 */
export function rankFor(siblings: readonly RankedTask[], place: TaskPlacement = {}): RankResult {
  const ranks = siblings.map((s) => s.rank);
  const above = (r: string) => ranks.filter((x) => x > r).reduce<string | null>((m, x) => (m === null || x < m ? x : m), null);
  const below = (r: string) => ranks.filter((x) => x < r).reduce<string | null>((m, x) => (m === null || x > m ? x : m), null);
  if (place.after) {
    const a = siblings.find((s) => s.id === place.after);
    if (!a) return { field: 'after', message: 'Not another task of this campaign' };
    return { rank: generateKeyBetween(a.rank, above(a.rank)) };
  }
  if (place.before) {
    const b = siblings.find((s) => s.id === place.before);
    if (!b) return { field: 'before', message: 'Not another task of this campaign' };
    return { rank: generateKeyBetween(below(b.rank), b.rank) };
  }
  const last = ranks.reduce<string | null>((m, x) => (m === null || x > m ? x : m), null);
  return { rank: generateKeyBetween(last, null) };
}

/** The fields of a task the campaign's summary counts. */
export interface SummarisedTask {
  status: string;
  required: boolean;
  due_date: string | null;
  /** Absent in older callers' rows: counted as unassigned. */
  assignee_id?: string | null | undefined;
}

/** A campaign's tasks in four numbers and who they are assigned to (the schemas' `TaskSummary`). */
export interface TaskSummaryFields {
  total: number;
  done: number;
  open_required: number;
  next_due: string | null;
  /** The users any of its tasks (open or done) is assigned to, once each, sorted: the `assignee` filter reads it (absent: none). */
  assignees?: string[] | undefined;
}

/** No tasks: what a campaign without any holds. */
export const EMPTY_TASK_SUMMARY: Readonly<TaskSummaryFields> = Object.freeze({ total: 0, done: 0, open_required: 0, next_due: null, assignees: [] });

/**
 * The summary a campaign carries of its tasks (the server's trigger computes the same in SQL, a
 * test holds them equal): how many, how many done, how many required ones are still open, and the
 * earliest due date of a task not done, and the users its tasks are assigned to (sorted by code unit,
 * as SQL's `ORDER BY assignee_id::text COLLATE "C"`).
 */
export function summariseTasks(tasks: readonly SummarisedTask[]): TaskSummaryFields {
  let done = 0;
  let openRequired = 0;
  let nextDue: string | null = null;
  const assignees = new Set<string>();
  for (const t of tasks) {
    if (t.assignee_id) assignees.add(t.assignee_id);
    if (t.status === DONE) {
      done++;
      continue;
    }
    if (t.required) openRequired++;
    if (t.due_date !== null && (nextDue === null || t.due_date < nextDue)) nextDue = t.due_date;
  }
  return { total: tasks.length, done, open_required: openRequired, next_due: nextDue, assignees: [...assignees].sort(byCodeUnit) };
}

/** "4/7": done of all, as the campaign's progress reads. */
export const taskProgressLabel = (s: Pick<TaskSummaryFields, 'done' | 'total'>): string => `${s.done}/${s.total}`;

/**
 * Whether a task (its `due_date` and `status`) or a campaign's summary (its `next_due`) is overdue
 * on `today` (the reader's own date, `todayYmd()`): due before today and not done. The server sends
 * dates only; what "today" is belongs to the reader.
 */
export function isOverdue(x: { due_date: string | null; status: string } | Pick<TaskSummaryFields, 'next_due'>, today: string): boolean {
  if ('next_due' in x) return x.next_due !== null && x.next_due < today;
  return x.status !== DONE && x.due_date !== null && x.due_date < today;
}

// ── "My work": tasks across campaigns, by due date (undated last), then id ──

export interface MyTaskOrderFields {
  id: string;
  due_date: string | null;
}

/** My work's order: the earliest due date first, undated tasks last, then id. */
export function compareMyTasks(a: MyTaskOrderFields, b: MyTaskOrderFields): number {
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return byCodeUnit(a.due_date, b.due_date);
  }
  return byCodeUnit(a.id, b.id);
}

/** The filters of `GET /api/tasks` as a row is held to them (the schemas' `MyTasksQuery`). */
export interface MyTasksFilter {
  assignee?: string | undefined;
  status?: 'open' | 'done' | 'all' | undefined;
  campaign?: string | undefined;
  due_before?: string | undefined;
  q?: string | undefined;
}

/** Whether a task belongs in My work's list for `query`, `me` being the caller's user id. */
export function taskMatchesMyQuery(
  t: { assignee_id: string | null; status: string; campaign_id: string; due_date: string | null; title: string; campaign: { title: string } },
  query: MyTasksFilter,
  me: string,
): boolean {
  if (query.assignee && t.assignee_id !== (query.assignee === 'me' ? me : query.assignee)) return false;
  if (query.status === 'open' && t.status === DONE) return false;
  if (query.status === 'done' && t.status !== DONE) return false;
  if (query.campaign && t.campaign_id !== query.campaign) return false;
  if (query.due_before && (t.due_date === null || t.due_date >= query.due_before)) return false;
  const text = query.q?.trim().toLowerCase();
  if (text && !t.title.toLowerCase().includes(text) && !t.campaign.title.toLowerCase().includes(text)) return false;
  return true;
}

/** Where a page of My work ended: the last row's due date (null: undated) and id. Opaque to clients. */
export interface TaskCursor {
  due: string | null;
  id: string;
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeTaskCursor(c: TaskCursor): string {
  return toCursorText(`t|${c.due ?? ''}|${c.id}`);
}

/** The cursor's position, or null for anything this list did not hand out. */
export function decodeTaskCursor(cursor: string): TaskCursor | null {
  const text = fromCursorText(cursor, 100);
  if (text === null) return null;
  const [tag, due, id, ...rest] = text.split('|');
  if (tag !== 't' || rest.length || due === undefined || !id || !UUID.test(id) || (due !== '' && !YMD.test(due))) return null;
  return { due: due || null, id: id.toLowerCase() };
}

/** Whether `row` comes after the cursor in My work's order: what the next page holds. */
export const isAfterTaskCursor = (row: MyTaskOrderFields, c: TaskCursor): boolean => compareMyTasks(row, { id: c.id, due_date: c.due }) > 0;
