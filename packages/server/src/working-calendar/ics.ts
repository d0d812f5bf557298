import { addDays, isYmd, type Ymd } from '@cadence/core';
import ICAL from 'ical.js';
import { fieldError } from '../errors';

/**
 * Closed days from an .ics file, read with ical.js (docs/adr/0052-working-calendar.md): each
 * all-day event closes its days (DTEND is exclusive, so a multi-day event closes each day it
 * covers); a yearly or other recurring event closes each occurrence up to `RECURRENCE_YEARS`
 * after its start. Events with a time of day close nothing and are reported as skipped. A file
 * that is not iCalendar, or an event whose dates are not dates, is a 400 on `ics` naming it.
 */

export interface IcsDay {
  day: Ymd;
  label: string;
}

export interface IcsDays {
  days: IcsDay[];
  /** Events that close no day, with why (shown in the import's summary). */
  skipped: Array<{ summary: string; reason: string }>;
}

/** How far ahead a recurring event is expanded. */
export const RECURRENCE_YEARS = 5;
/** The most days one event may close, and one file. */
export const MAX_EVENT_DAYS = 366;
export const MAX_FILE_DAYS = 5_000;

const bad = (message: string) => fieldError('ics', message);

function dateOf(read: () => ICAL.Time | null | undefined, what: string, name: string): Ymd {
  let ymd: string | undefined;
  try {
    ymd = read()?.toString().slice(0, 10);
  } catch {
    ymd = undefined;
  }
  if (!ymd || !isYmd(ymd)) throw bad(`Event "${name}": its ${what} is not a date`);
  return ymd;
}

export function closedDaysFromIcs(text: string): IcsDays {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    if (!Array.isArray(parsed) || parsed[0] !== 'vcalendar') throw new Error('no VCALENDAR');
    root = new ICAL.Component(parsed);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw bad(`Not an iCalendar file (.ics): ${why.slice(0, 200)}`);
  }
  const events = root.getAllSubcomponents('vevent');
  if (events.length === 0) throw bad('The file has no events (VEVENT)');
  const seen = new Map<Ymd, string>();
  const skipped: IcsDays['skipped'] = [];
  const close = (day: Ymd, label: string) => {
    if (!seen.has(day)) seen.set(day, label);
    if (seen.size > MAX_FILE_DAYS) throw bad(`The file closes more than ${MAX_FILE_DAYS} days`);
  };
  for (const component of events) {
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(component);
    } catch (err) {
      throw bad(`An event could not be read: ${err instanceof Error ? err.message : String(err)}`);
    }
    const label = (event.summary ?? '').trim().slice(0, 200) || 'Closed';
    if (!component.hasProperty('dtstart')) throw bad(`Event "${label}" has no start date (DTSTART)`);
    const first = dateOf(() => event.startDate, 'start (DTSTART)', label);
    if (!event.startDate.isDate) {
      skipped.push({ summary: label, reason: 'Has a time of day, not a whole day' });
      continue;
    }
    const end = dateOf(() => event.endDate, 'end (DTEND)', label);
    const length = Math.max(1, daysBetween(first, end));
    if (length > MAX_EVENT_DAYS) throw bad(`Event "${label}" spans more than ${MAX_EVENT_DAYS} days`);
    const starts: Ymd[] = [first];
    if (event.isRecurring()) {
      starts.length = 0;
      const until = `${Number(first.slice(0, 4)) + RECURRENCE_YEARS}${first.slice(4)}`;
      const it = event.iterator();
      for (let next = it.next(); next && starts.length <= MAX_FILE_DAYS; next = it.next()) {
        const ymd = dateOf(() => next, 'occurrence', label);
        if (ymd > until) break;
        starts.push(ymd);
      }
    }
    for (const s of starts) for (let i = 0; i < length; i++) close(addDays(s, i), label);
  }
  const days = [...seen].map(([day, l]) => ({ day, label: l })).sort((a, b) => (a.day < b.day ? -1 : 1));
  return { days, skipped };
}

function daysBetween(from: Ymd, to: Ymd): number {
  let n = 0;
  for (let d = from; d < to && n <= MAX_EVENT_DAYS; d = addDays(d, 1)) n++;
  return n;
}
