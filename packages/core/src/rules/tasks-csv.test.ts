import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { tasksToCsv } from './tasks-csv';

describe('tasksToCsv', () => {
  it('should write one row per task with its campaign, assignee e-mail, date-only due date, status and required flag', () => {
    const text = tasksToCsv([
      { title: 'Write copy, v2', assignee_email: 'ann@example.com', due_date: '2026-03-10', status: 'in_progress', required: true, campaign: { title: 'Spring "launch"' } },
      { title: '=SUM(A1)', assignee_email: null, due_date: null, status: 'todo', required: false, campaign: { title: 'Audit' } },
    ]);
    expect(text.split('\r\n')[0]).toBe('campaign,title,assignee_email,due_date,status,required');
    expect(parseCsv(text)).toEqual([
      ['campaign', 'title', 'assignee_email', 'due_date', 'status', 'required'],
      ['Spring "launch"', 'Write copy, v2', 'ann@example.com', '2026-03-10', 'in_progress', 'yes'],
      // A cell a spreadsheet would run as a formula is guarded, as every export's (ADR 39).
      ['Audit', "'=SUM(A1)", '', '', 'todo', 'no'],
    ]);
  });
});
