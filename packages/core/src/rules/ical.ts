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
export function campaignsToIcs(campaigns: readonly IcsCampaign[], options: { name: string; now?: Date }): string {
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
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
