import { toCsv } from './csv-write';

/** The columns of a tasks export (`cadence export tasks`), in order. */
export const TASK_CSV_COLUMNS = ['campaign', 'title', 'assignee_email', 'due_date', 'status', 'required'] as const;

/** What a row of the export reads of a task (the API's `Task`). */
export interface CsvTask {
  title: string;
  assignee_email: string | null;
  due_date: string | null;
  status: string;
  required: boolean;
  campaign: { title: string };
}

/**
 * Tasks as CSV (docs/adr/0049): campaign title, task title, assignee e-mail, due date as
 * YYYY-MM-DD (empty when undated), status (todo, in_progress, done) and required (yes/no), written
 * by the exports' writer (formula-guarded, CRLF, docs/adr/0039).
 */
export const tasksToCsv = (rows: readonly CsvTask[]): string =>
  toCsv([
    [...TASK_CSV_COLUMNS],
    ...rows.map((t) => [t.campaign.title, t.title, t.assignee_email ?? '', t.due_date ?? '', t.status, t.required ? 'yes' : 'no']),
  ]);
