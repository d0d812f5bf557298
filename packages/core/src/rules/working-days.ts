import { addDays, dayOfWeekMondayFirst, type Ymd } from '../dates';

/**
 * Working-day arithmetic on `YYYY-MM-DD` strings (issue 32): template offsets and re-planning
 * count working days, skipping the team's weekend and its closed days (public holidays, blackout
 * dates). Pure string arithmetic, so a due date lands on the same day in every time zone.
 */

/** Days of the week are Monday-first, as `dayOfWeekMondayFirst`: 0 = Monday … 6 = Sunday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface WorkingCalendar {
  /** The days of the week nobody works; Saturday and Sunday unless the team says otherwise. */
  readonly weekend: readonly Weekday[];
  /** Single closed days, whatever their weekday. */
  readonly closed: ReadonlySet<Ymd>;
}

export const DEFAULT_WEEKEND: readonly Weekday[] = [5, 6];

/** A calendar where only the weekend is off. */
export const STANDARD_CALENDAR: WorkingCalendar = { weekend: DEFAULT_WEEKEND, closed: new Set() };

export function workingCalendar(closed: Iterable<Ymd> = [], weekend: readonly Weekday[] = DEFAULT_WEEKEND): WorkingCalendar {
  if (weekend.length >= 7) throw new RangeError('A working calendar needs at least one working weekday');
  return { weekend: [...new Set(weekend)].sort() as Weekday[], closed: new Set(closed) };
}

export function isWorkingDay(ymd: Ymd, cal: WorkingCalendar): boolean {
  return !cal.weekend.includes(dayOfWeekMondayFirst(ymd) as Weekday) && !cal.closed.has(ymd);
}

/**
 * The day `n` working days after `ymd` (before it when `n` is negative). `ymd` itself need not be
 * a working day; `n = 0` returns it unchanged, so a task "on go-live" stays on go-live.
 */
export function addWorkingDays(ymd: Ymd, n: number, cal: WorkingCalendar): Ymd {
  if (!Number.isInteger(n)) throw new RangeError(`Working days must be a whole number, not ${n}`);
  const step = n < 0 ? -1 : 1;
  let day = ymd;
  for (let left = Math.abs(n); left > 0; ) {
    day = addDays(day, step);
    if (isWorkingDay(day, cal)) left--;
  }
  return day;
}

/**
 * Signed working days from `from` to `to`: the working days in (from, to] when `to` is later,
 * minus those in (to, from] when it is earlier. It is antisymmetric, so moving go-live there and
 * back re-plans tasks there and back: Friday → Saturday is 0 either way, not 0 out and −1 home.
 * `addWorkingDays(from, workingDaysBetween(from, to))` is `to` when both are working days.
 */
export function workingDaysBetween(from: Ymd, to: Ymd, cal: WorkingCalendar): number {
  if (from === to) return 0;
  const [lo, hi, sign] = from < to ? [from, to, 1] : [to, from, -1];
  let count = 0;
  for (let day = addDays(lo, 1); day <= hi; day = addDays(day, 1)) {
    if (isWorkingDay(day, cal)) count++;
  }
  return sign * count || 0; // never -0
}

/** The first working day on or after `ymd`. */
export function nextWorkingDay(ymd: Ymd, cal: WorkingCalendar): Ymd {
  let day = ymd;
  while (!isWorkingDay(day, cal)) day = addDays(day, 1);
  return day;
}

/** The last working day on or before `ymd`. */
export function previousWorkingDay(ymd: Ymd, cal: WorkingCalendar): Ymd {
  let day = ymd;
  while (!isWorkingDay(day, cal)) day = addDays(day, -1);
  return day;
}
