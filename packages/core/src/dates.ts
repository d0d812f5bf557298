import type { UTCDate } from '@date-fns/utc';
import { UTCDateMini } from '@date-fns/utc/date/mini';
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  addWeeks as addWeeksTo,
  eachDayOfInterval,
  eachWeekOfInterval,
  endOfMonth as endOfMonthOf,
  endOfQuarter as endOfQuarterOf,
  endOfWeek as endOfWeekOf,
  endOfYear as endOfYearOf,
  getDaysInMonth,
  getISODay,
  getQuarter,
  parseISO,
  startOfMonth as startOfMonthOf,
  startOfQuarter as startOfQuarterOf,
  startOfWeek as startOfWeekOf,
  startOfYear as startOfYearOf,
} from 'date-fns';
import { DATE_LOCALE } from './date-locale';
import { todayYmd } from './today';

/**
 * Date-only values are `YYYY-MM-DD` strings at every boundary (docs/adr/0002). Inside, date-fns
 * does the arithmetic on UTC dates (@date-fns/utc, docs/adr/0038): a Ymd becomes midnight UTC
 * of its day and comes back from that date's UTC parts, so no local zone or DST shifts a day.
 * A Ymd never passes through `new Date('YYYY-MM-DD')` read as a local date.
 */
export type Ymd = string;

export interface YmdParts {
  year: number;
  month: number;
  day: number;
}

const INVALID = 'Invalid time value';
const YMD_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK = { locale: DATE_LOCALE };

/** Days in `month` (1–12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return getDaysInMonth(utcDate(year, month, 1));
}

function validParts(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) &&
    year >= 0 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 &&
    // Every month has 28 days: most dates are checked without building a Date.
    (day <= 28 || day <= daysInMonth(year, month))
  );
}

export function isYmd(s: unknown): s is Ymd {
  if (typeof s !== 'string') return false;
  const m = YMD_RE.exec(s);
  return !!m && validParts(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Why `s` is not a date the API stores, in the words of schemas/common.ts `ymdSchema` (years 1900
 * to 2999: PostgreSQL has no year 0), or null. Zod-free, for the browser's checks.
 */
export function ymdProblem(s: unknown): string | null {
  if (!isYmd(s)) return 'Must be a date (YYYY-MM-DD)';
  return s < '1900-01-01' || s > '2999-12-31' ? 'Must be a date between 1900 and 2999' : null;
}

/** Throws the same RangeError as date-fns/`Date#toISOString` so callers see one message. */
export function parseYmd(s: string): YmdParts {
  const m = typeof s === 'string' ? YMD_RE.exec(s) : null;
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  const day = Number(m?.[3]);
  if (!m || !validParts(year, month, day)) throw new RangeError(INVALID);
  return { year, month, day };
}

export function toYmd(year: number, month: number, day: number): Ymd {
  if (!validParts(year, month, day)) throw new RangeError(INVALID);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Midnight UTC of a day. `setFullYear`, not `Date.UTC`, which reads years 0–99 as 1900–1999. */
function utcDate(year: number, month: number, day: number): UTCDate {
  const date = new UTCDateMini(0);
  date.setFullYear(year, month - 1, day);
  return date;
}

/** A Ymd as the UTC date date-fns computes on; throws RangeError('Invalid time value') on a bad one. */
export function ymdToDate(ymd: Ymd): UTCDate {
  const { year, month, day } = parseYmd(ymd);
  return utcDate(year, month, day);
}

/**
 * The calendar day of a date-fns result: the UTC day of a UTCDate, the LOCAL day of a plain
 * `Date`. Throws RangeError('Invalid time value') on an invalid date or a year outside 0–9999.
 */
export function dateToYmd(date: Date): Ymd {
  return toYmd(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** The LOCAL calendar date of `now`: what the user's wall calendar shows (a leaf module of its own). */
export { todayYmd };

/** The UTC calendar date of an instant, e.g. a spreadsheet's date cell (UTC midnight of its day). */
export function utcYmd(instant: Date): Ymd {
  return dateToYmd(new UTCDateMini(instant.getTime()));
}

function checkInteger(n: number): void {
  if (!Number.isInteger(n)) throw new RangeError(INVALID);
}

export function addDays(ymd: Ymd, n: number): Ymd {
  checkInteger(n);
  return dateToYmd(addDaysTo(ymdToDate(ymd), n));
}

export function addWeeks(ymd: Ymd, n: number): Ymd {
  checkInteger(n);
  return dateToYmd(addWeeksTo(ymdToDate(ymd), n));
}

/** Jan 31 + 1 month is the last day of February (date-fns' addMonths). */
export function addMonths(ymd: Ymd, n: number): Ymd {
  checkInteger(n);
  return dateToYmd(addMonthsTo(ymdToDate(ymd), n));
}

/**
 * The day's number counted from 1970-01-01 in the proleptic Gregorian calendar (Hinnant's
 * days_from_civil): exact for years 0–9999, and no Date is built, which matters where every
 * campaign of 10,000 is measured (a baseline's slips, the Gantt's bars).
 */
function dayNumber({ year, month, day }: YmdParts): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** `b − a` in whole days. */
export function daysBetween(a: Ymd, b: Ymd): number {
  return dayNumber(parseYmd(b)) - dayNumber(parseYmd(a));
}

/** Valid Ymd strings sort chronologically as plain strings, so no parsing is needed. */
export function compareYmd(a: Ymd, b: Ymd): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 0 = Monday … 6 = Sunday (the ISO weekday less one), whatever the locale's first day. */
export function dayOfWeekMondayFirst(ymd: Ymd): number {
  return getISODay(ymdToDate(ymd)) - 1;
}

export function startOfMonth(ymd: Ymd): Ymd {
  return dateToYmd(startOfMonthOf(ymdToDate(ymd)));
}
export function endOfMonth(ymd: Ymd): Ymd {
  return dateToYmd(endOfMonthOf(ymdToDate(ymd)));
}
/** The first day of the week holding `ymd`; the week starts on DATE_LOCALE's first day (Monday). */
export function startOfWeek(ymd: Ymd): Ymd {
  return dateToYmd(startOfWeekOf(ymdToDate(ymd), WEEK));
}
export function endOfWeek(ymd: Ymd): Ymd {
  return dateToYmd(endOfWeekOf(ymdToDate(ymd), WEEK));
}
export function quarterOf(ymd: Ymd): 1 | 2 | 3 | 4 {
  return getQuarter(ymdToDate(ymd)) as 1 | 2 | 3 | 4;
}
export function startOfQuarter(ymd: Ymd): Ymd {
  return dateToYmd(startOfQuarterOf(ymdToDate(ymd)));
}
export function endOfQuarter(ymd: Ymd): Ymd {
  return dateToYmd(endOfQuarterOf(ymdToDate(ymd)));
}
export function startOfYear(ymd: Ymd): Ymd {
  return dateToYmd(startOfYearOf(ymdToDate(ymd)));
}
export function endOfYear(ymd: Ymd): Ymd {
  return dateToYmd(endOfYearOf(ymdToDate(ymd)));
}

/** Every day from `from` to `to`, both included; empty when `to` is before `from`. */
export function eachDay(from: Ymd, to: Ymd): Ymd[] {
  const start = ymdToDate(from);
  const end = ymdToDate(to);
  // date-fns lists a reversed interval backwards; ours is empty.
  if (end < start) return [];
  return eachDayOfInterval({ start, end }).map(dateToYmd);
}

/** The 7 days (Monday first) of the week holding `ymd`. */
export function weekDays(ymd: Ymd): Ymd[] {
  const day = ymdToDate(ymd);
  return eachDayOfInterval({ start: startOfWeekOf(day, WEEK), end: endOfWeekOf(day, WEEK) }).map(dateToYmd);
}

/** Whole Monday-first weeks covering the month of `ymd`, outside days included (4–6 weeks). */
export function monthGrid(ymd: Ymd): Ymd[][] {
  const day = ymdToDate(ymd);
  return eachWeekOfInterval({ start: startOfMonthOf(day), end: endOfMonthOf(day) }, WEEK).map((week) =>
    eachDayOfInterval({ start: week, end: endOfWeekOf(week, WEEK) }).map(dateToYmd),
  );
}

// What isoToYmd accepts: a date, 'T' or a space, a time to the minute, second or fraction, and
// an optional offset ('Z', '+02', '+0200', '+02:00') of less than 24 hours. parseISO alone would
// take more (week dates, ordinal dates, '+99:00').
const ISO_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2})(?::?\d{2})?)?$/;

/**
 * The LOCAL date of a timestamp (legacy rows stored timestamps in date fields). A value
 * that already is a Ymd comes back unchanged rather than being read as UTC midnight.
 * date-fns' parseISO reads the Postgres-style '+00' / '+0000' offsets, and a timestamp
 * without an offset as local time.
 */
export function isoToYmd(iso: string): Ymd {
  // Upper case for parseISO, which reads only 'T' and 'Z'; a Ymd has no letters.
  const s = typeof iso === 'string' ? iso.trim().toUpperCase() : '';
  if (isYmd(s)) return s;
  const m = ISO_RE.exec(s);
  if (!m || !isYmd(m[1]) || Number(m[5] ?? 0) > 23) throw new RangeError(INVALID);
  // The day never depends on the fraction of a second, and parseISO's float arithmetic would
  // round '23:59:59.9999999' up into the next day: the fraction is left out.
  return todayYmd(parseISO(`${m[1]}T${m[2]}${m[3] ? `:${m[3]}` : ''}${m[4] ?? ''}`));
}
