import { UTCDateMini } from '@date-fns/utc/date/mini';
import { formatISO } from 'date-fns';
import { addDays } from '../dates';

export interface IcsCampaign {
  id: string;
  title: string;
  description?: string | null;
  channels?: readonly string[];
  live_date: string;
  end_date?: string | null;
  updated_at?: string;
}

/** A campaign's task in the feed (docs/adr/0049, `GET /api/calendar.ics?tasks=`). */
export interface IcsTask {
  id: string;
  title: string;
  due_date: string | null;
  status: string;
  updated_at?: string;
  completed_at?: string | null;
  campaign: { title: string };
}

/** How the feed carries tasks: RFC 5545 to-dos (VTODO, with DUE and STATUS) or all-day events on their due dates. */
export const ICS_TASK_MODES = ['todo', 'event'] as const;
export type IcsTaskMode = (typeof ICS_TASK_MODES)[number];

/** A task's VTODO status: COMPLETED when done, IN-PROCESS while in progress, else NEEDS-ACTION. */
const TODO_STATUS: Record<string, string> = { done: 'COMPLETED', in_progress: 'IN-PROCESS', todo: 'NEEDS-ACTION' };

const CRLF = '\r\n';
const basicDate = (ymd: string) => ymd.replaceAll('-', '');
/** RFC 5545 §3.3.5 UTC date-time, '20261116T093000Z': date-fns' basic ISO format of the UTC time. */
const basicUtc = (instant: string | Date) => formatISO(new UTCDateMini(new Date(instant).getTime()), { format: 'basic' });

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export const escapeIcsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: lines longer than 75 octets fold onto continuation lines starting with a space. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/**
 * Campaigns as all-day events from live date to end date. DTEND of an all-day event is
 * exclusive, so it is the day after the last day; an ongoing campaign shows on its live date.
 */
export function campaignsToIcs(
  campaigns: readonly IcsCampaign[],
  options: { name: string; now?: Date; tasks?: readonly IcsTask[]; tasksAs?: IcsTaskMode },
): string {
  const stamp = basicUtc(options.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cadence//Campaign calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(options.name)}`,
  ];
  for (const c of campaigns) {
    const last = c.end_date && c.end_date >= c.live_date ? c.end_date : c.live_date;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${c.id}@cadence`,
      `DTSTAMP:${c.updated_at ? basicUtc(c.updated_at) : stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(c.live_date)}`,
      `DTEND;VALUE=DATE:${basicDate(addDays(last, 1))}`,
      `SUMMARY:${escapeIcsText(c.title)}`,
      ...(c.description ? [`DESCRIPTION:${escapeIcsText(c.description)}`] : []),
      ...(c.channels?.length ? [`CATEGORIES:${c.channels.map(escapeIcsText).join(',')}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  for (const t of options.tasks ?? []) lines.push(...taskLines(t, options.tasksAs ?? 'todo', stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/**
 * One task: a VTODO (DUE on its due date as a DATE, none when undated; STATUS; COMPLETED when
 * done), or an all-day VEVENT on its due date (an undated task has no day, so no event). Its
 * campaign names it in the summary; the UID is the task's, apart from campaigns'.
 */
function taskLines(t: IcsTask, mode: IcsTaskMode, stamp: string): string[] {
  const done = t.status === 'done';
  const common = [
    `UID:task-${t.id}@cadence`,
    `DTSTAMP:${t.updated_at ? basicUtc(t.updated_at) : stamp}`,
    `SUMMARY:${escapeIcsText(`${t.title} (${t.campaign.title})`)}`,
  ];
  if (mode === 'todo') {
    return [
      'BEGIN:VTODO',
      ...common,
      ...(t.due_date ? [`DUE;VALUE=DATE:${basicDate(t.due_date)}`] : []),
      `STATUS:${TODO_STATUS[t.status] ?? 'NEEDS-ACTION'}`,
      ...(done && t.completed_at ? [`COMPLETED:${basicUtc(t.completed_at)}`] : []),
      'END:VTODO',
    ];
  }
  if (!t.due_date) return [];
  return [
    'BEGIN:VEVENT',
    ...common,
    `DTSTART;VALUE=DATE:${basicDate(t.due_date)}`,
    `DTEND;VALUE=DATE:${basicDate(addDays(t.due_date, 1))}`,
    `DESCRIPTION:${done ? 'Task done' : 'Task due'}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}
