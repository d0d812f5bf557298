/**
 * Date-only values are `YYYY-MM-DD` strings. Arithmetic runs on integer day numbers so a
 * date never passes through `new Date('YYYY-MM-DD')`, which is UTC midnight and shows as
 * the previous day west of Greenwich.
 */
export type Ymd = string;

export interface YmdParts {
  year: number;
  month: number;
  day: number;
}

const INVALID = 'Invalid time value';
const YMD_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function validParts(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) &&
    year >= 0 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

export function isYmd(s: unknown): s is Ymd {
  if (typeof s !== 'string') return false;
  const m = YMD_RE.exec(s);
  return !!m && validParts(Number(m[1]), Number(m[2]), Number(m[3]));
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

/** The LOCAL calendar date of `now`: what the user's wall calendar shows. */
export function todayYmd(now: Date = new Date()): Ymd {
  if (Number.isNaN(now.getTime())) throw new RangeError(INVALID);
  return toYmd(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's
// days_from_civil); pure integers, so no time zone or DST can shift a date.
function toDayNumber({ year, month, day }: YmdParts): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(n: number): Ymd {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return toYmd(yoe + era * 400 + (month <= 2 ? 1 : 0), month, day);
}

function checkInteger(n: number): void {
  if (!Number.isInteger(n)) throw new RangeError(INVALID);
}

export function addDays(ymd: Ymd, n: number): Ymd {
  checkInteger(n);
  return fromDayNumber(toDayNumber(parseYmd(ymd)) + n);
}

/** Jan 31 + 1 month is the last day of February, as date-fns does. */
export function addMonths(ymd: Ymd, n: number): Ymd {
  checkInteger(n);
  const { year, month, day } = parseYmd(ymd);
  const index = year * 12 + (month - 1) + n;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return toYmd(y, m, Math.min(day, daysInMonth(y, m)));
}

/** `b − a` in whole days. */
export function daysBetween(a: Ymd, b: Ymd): number {
  return toDayNumber(parseYmd(b)) - toDayNumber(parseYmd(a));
}

/** Valid Ymd strings sort chronologically as plain strings, so no parsing is needed. */
export function compareYmd(a: Ymd, b: Ymd): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 0 = Monday … 6 = Sunday. */
export function dayOfWeekMondayFirst(ymd: Ymd): number {
  // Day 0 (1970-01-01) was a Thursday.
  return (((toDayNumber(parseYmd(ymd)) + 3) % 7) + 7) % 7;
}

export function startOfMonth(ymd: Ymd): Ymd {
  const { year, month } = parseYmd(ymd);
  return toYmd(year, month, 1);
}
export function endOfMonth(ymd: Ymd): Ymd {
  const { year, month } = parseYmd(ymd);
  return toYmd(year, month, daysInMonth(year, month));
}
export function startOfWeek(ymd: Ymd): Ymd {
  return addDays(ymd, -dayOfWeekMondayFirst(ymd));
}
export function endOfWeek(ymd: Ymd): Ymd {
  return addDays(ymd, 6 - dayOfWeekMondayFirst(ymd));
}
export function quarterOf(ymd: Ymd): 1 | 2 | 3 | 4 {
  return (Math.floor((parseYmd(ymd).month - 1) / 3) + 1) as 1 | 2 | 3 | 4;
}
export function startOfQuarter(ymd: Ymd): Ymd {
  return toYmd(parseYmd(ymd).year, (quarterOf(ymd) - 1) * 3 + 1, 1);
}
export function endOfQuarter(ymd: Ymd): Ymd {
  return endOfMonth(toYmd(parseYmd(ymd).year, quarterOf(ymd) * 3, 1));
}
export function startOfYear(ymd: Ymd): Ymd {
  return toYmd(parseYmd(ymd).year, 1, 1);
}
export function endOfYear(ymd: Ymd): Ymd {
  return toYmd(parseYmd(ymd).year, 12, 31);
}

/** Every day from `from` to `to`, both included; empty when `to` is before `from`. */
export function eachDay(from: Ymd, to: Ymd): Ymd[] {
  const start = toDayNumber(parseYmd(from));
  const end = toDayNumber(parseYmd(to));
  const days: Ymd[] = [];
  for (let n = start; n <= end; n++) days.push(fromDayNumber(n));
  return days;
}

/** The 7 days (Monday first) of the week holding `ymd`. */
export function weekDays(ymd: Ymd): Ymd[] {
  return eachDay(startOfWeek(ymd), endOfWeek(ymd));
}

/** Whole Monday-first weeks covering the month of `ymd`, outside days included (4–6 weeks). */
export function monthGrid(ymd: Ymd): Ymd[][] {
  const days = eachDay(startOfWeek(startOfMonth(ymd)), endOfWeek(endOfMonth(ymd)));
  const weeks: Ymd[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

const ISO_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * The LOCAL date of a timestamp (legacy rows stored timestamps in date fields). A value
 * that already is a Ymd comes back unchanged rather than being read as UTC midnight.
 */
export function isoToYmd(iso: string): Ymd {
  const s = typeof iso === 'string' ? iso.trim() : '';
  if (isYmd(s)) return s;
  const m = ISO_RE.exec(s);
  if (!m || !isYmd(m[1])) throw new RangeError(INVALID);
  // Normalise Postgres-style '+00' / '+0000' offsets to the '+00:00' that Date.parse
  // is guaranteed to accept; a missing offset means local time per ECMAScript.
  const zone = (m[3] ?? '').toUpperCase();
  const offset = zone === 'Z' || zone === '' ? zone : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  const time = (m[2] ?? '').replace(/\.(\d+)$/, (_, f: string) => `.${f.padEnd(3, '0').slice(0, 3)}`);
  return todayYmd(new Date(`${m[1]}T${time}${offset}`));
}
