import { CadenceApiError, addDays, can, isYmd, type CadenceAdminClient, type ClosedDay, type Principal, type WorkingCalendarData, type Ymd } from '@cadence/core';
import { closedDayCreateSchema, workingWeekSchema } from '@cadence/core/schemas';
import { forbidden, notFound, validation } from './memory-errors';

type Run = <T>(op: string, fn: () => T, args?: unknown[]) => Promise<T>;

const alreadyExists = (message: string) => new CadenceApiError(409, 'already_exists', message);
const badIcs = (message: string) => validation([{ path: ['ics'], message }]);

/**
 * A small reading of an .ics file, enough for tests: all-day events (DTSTART;VALUE=DATE) close
 * their days (DTEND exclusive), events with a time of day are skipped, anything that is not a
 * VCALENDAR is a 400 on `ics`, as the server's (ical.js) answers. Recurrence is not expanded.
 */
export function memoryIcsDays(text: string): { days: Array<{ day: Ymd; label: string }>; skipped: Array<{ summary: string; reason: string }> } {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  if (!lines.some((l) => l.trim().toUpperCase() === 'BEGIN:VCALENDAR')) throw badIcs('Not an iCalendar file (.ics): no VCALENDAR');
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    const upper = line.trim().toUpperCase();
    if (upper === 'BEGIN:VEVENT') current = {};
    else if (upper === 'END:VEVENT' && current) (events.push(current), (current = null));
    else if (current) {
      const colon = line.indexOf(':');
      if (colon > 0) current[line.slice(0, colon).toUpperCase()] = line.slice(colon + 1).trim();
    }
  }
  if (!events.length) throw badIcs('The file has no events (VEVENT)');
  const seen = new Map<Ymd, string>();
  const skipped: Array<{ summary: string; reason: string }> = [];
  const ymd = (v: string | undefined) => (v && /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : null);
  for (const e of events) {
    const summary = e.SUMMARY ?? '(no title)';
    const startKey = Object.keys(e).find((k) => k.startsWith('DTSTART'));
    const endKey = Object.keys(e).find((k) => k.startsWith('DTEND'));
    const start = startKey ? ymd(e[startKey]) : null;
    if (!start) {
      skipped.push({ summary, reason: 'A timed event (not all-day)' });
      continue;
    }
    if (!isYmd(start)) throw badIcs(`Event "${summary}": its start is not a date`);
    const end = endKey ? ymd(e[endKey]) : null;
    let day: Ymd = start;
    do {
      if (!seen.has(day)) seen.set(day, summary);
      day = addDays(day, 1);
    } while (end && day < end);
  }
  return { days: [...seen].sort(([a], [b]) => a.localeCompare(b)).map(([day, label]) => ({ day, label })), skipped };
}

/** The working calendar's reads and administrators' writes, as the server answers them (docs/adr/0052). */
export function memoryWorkingCalendar(ctx: { run: Run; now: () => string; principal: Principal; initial?: WorkingCalendarData; state?: WorkingCalendarData }): CadenceAdminClient['workingCalendar'] {
  const { run, now, principal } = ctx;
  // `state`: the caller's own object, which it reads as this changes it (the planning rules' gate).
  const cal: WorkingCalendarData = ctx.state ?? structuredClone(ctx.initial ?? { weekend: [5, 6], closed_days: [] });
  const admin = () => {
    if (!can(principal, 'administer', 'user')) throw forbidden();
  };
  const sorted = () => cal.closed_days.sort((a, b) => a.day.localeCompare(b.day));
  const insert = (day: Ymd, label: string, kind: ClosedDay['kind'], source: ClosedDay['source']): ClosedDay => {
    const row: ClosedDay = { day, label, kind, source, created_by: principal.userId, created_at: now() };
    cal.closed_days.push(row);
    sorted();
    return row;
  };
  return {
    get: (range = {}) =>
      run('workingCalendar.get', () => {
        const inRange = (day: string) => (!range.from || day >= range.from) && (!range.to || day <= range.to);
        return structuredClone({ weekend: cal.weekend, closed_days: sorted().filter((d) => inRange(d.day)) });
      }, [range]),
    setWeekend: (weekend) =>
      run('workingCalendar.setWeekend', () => {
        admin();
        const parsed = workingWeekSchema.safeParse({ weekend });
        if (!parsed.success) throw validation(parsed.error.issues);
        cal.weekend = parsed.data.weekend;
        return structuredClone({ weekend: cal.weekend, closed_days: sorted() });
      }, [weekend]),
    close: (body) =>
      run('workingCalendar.close', () => {
        admin();
        const parsed = closedDayCreateSchema.safeParse(body);
        if (!parsed.success) throw validation(parsed.error.issues);
        if (cal.closed_days.some((d) => d.day === parsed.data.day)) throw alreadyExists(`${parsed.data.day} is closed already`);
        return structuredClone(insert(parsed.data.day, parsed.data.label, parsed.data.kind, 'manual'));
      }, [body]),
    reopen: (day) =>
      run('workingCalendar.reopen', () => {
        admin();
        const i = cal.closed_days.findIndex((d) => d.day === day);
        if (i < 0) throw notFound();
        cal.closed_days.splice(i, 1);
      }, [day]),
    importIcs: (ics, kind = 'holiday') =>
      run('workingCalendar.importIcs', () => {
        admin();
        if (!ics) throw badIcs('The file is empty');
        const { days, skipped } = memoryIcsDays(ics);
        const added: ClosedDay[] = [];
        const already: Ymd[] = [];
        for (const d of days) {
          if (cal.closed_days.some((c) => c.day === d.day)) already.push(d.day);
          else added.push(structuredClone(insert(d.day, d.label, kind, 'ics')));
        }
        return { added, already_closed: already, skipped };
      }, [ics, kind]),
  };
}
