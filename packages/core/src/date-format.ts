import { dayOfWeekMondayFirst, endOfWeek, parseYmd, quarterOf, startOfWeek, type Ymd } from './dates';

// English names on purpose: the spec fixes date-fns' default (en-US) output.
export type YmdFormat = 'MMM dd' | 'MMM dd, yyyy' | 'MMMM yyyy' | 'EEEE, MMMM d, yyyy';

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function formatYmd(ymd: Ymd, format: YmdFormat): string {
  const { year, month, day } = parseYmd(ymd);
  const monthName = MONTH_NAMES[month - 1] ?? '';
  const dd = String(day).padStart(2, '0');
  const yyyy = String(year).padStart(4, '0');
  switch (format) {
    case 'MMM dd':
      return `${monthName.slice(0, 3)} ${dd}`;
    case 'MMM dd, yyyy':
      return `${monthName.slice(0, 3)} ${dd}, ${yyyy}`;
    case 'MMMM yyyy':
      return `${monthName} ${yyyy}`;
    case 'EEEE, MMMM d, yyyy':
      return `${DAY_NAMES[dayOfWeekMondayFirst(ymd)] ?? ''}, ${monthName} ${day}, ${yyyy}`;
    default:
      throw new RangeError(`[Cadence] Unknown date format "${String(format)}".`);
  }
}

/** 'Nov 16 – Nov 22, 2026'; both years are shown when the week spans New Year. */
export function weekRangeLabel(ymd: Ymd): string {
  const from = startOfWeek(ymd);
  const to = endOfWeek(ymd);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${formatYmd(from, sameYear ? 'MMM dd' : 'MMM dd, yyyy')} – ${formatYmd(to, 'MMM dd, yyyy')}`;
}

export function quarterLabel(ymd: Ymd): string {
  return `Q${quarterOf(ymd)} ${parseYmd(ymd).year}`;
}
