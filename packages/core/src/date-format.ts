import { UTCDateMini } from '@date-fns/utc/date/mini';
import { format, formatDistance } from 'date-fns';
import { DATE_LOCALE } from './date-locale';
import { endOfWeek, startOfWeek, ymdToDate, type Ymd } from './dates';

// date-fns' `format` with DATE_LOCALE's names (docs/adr/0038): the spec fixes date-fns' en-US output.
export type YmdFormat = 'MMM' | 'MMM dd' | 'MMM dd, yyyy' | 'MMMM yyyy' | 'EEEE, MMMM d, yyyy';

// The spec's patterns as date-fns formats them. 'u' is 'y' without eras: the same for years
// 1–9999, and year 0 (a valid Ymd) prints as 0000 rather than 0001.
const PATTERNS: Record<YmdFormat, string> = {
  MMM: 'MMM',
  'MMM dd': 'MMM dd',
  'MMM dd, yyyy': 'MMM dd, uuuu',
  'MMMM yyyy': 'MMMM uuuu',
  'EEEE, MMMM d, yyyy': 'EEEE, MMMM d, uuuu',
};

export function formatYmd(ymd: Ymd, pattern: YmdFormat): string {
  const date = ymdToDate(ymd);
  if (!Object.hasOwn(PATTERNS, pattern)) throw new RangeError(`[Cadence] Unknown date format "${String(pattern)}".`);
  return format(date, PATTERNS[pattern], { locale: DATE_LOCALE });
}

/** 'Nov 16 – Nov 22, 2026'; both years are shown when the week spans New Year. */
export function weekRangeLabel(ymd: Ymd): string {
  const from = startOfWeek(ymd);
  const to = endOfWeek(ymd);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${formatYmd(from, sameYear ? 'MMM dd' : 'MMM dd, yyyy')} – ${formatYmd(to, 'MMM dd, yyyy')}`;
}

/** 'Q4 2026'. */
export function quarterLabel(ymd: Ymd): string {
  return format(ymdToDate(ymd), 'QQQ u', { locale: DATE_LOCALE });
}

/**
 * 'less than a minute ago', '5 minutes ago', 'about 3 hours ago', '2 days ago'…: date-fns'
 * formatDistance with its suffix. Both instants are read in UTC, so the wording counts elapsed
 * time the same in every zone (no DST correction, no local month lengths). A time after `now`
 * (a clock slightly ahead) reads as just now; an unreadable one gives ''.
 */
export function relativeTime(iso: string, now: Date): string {
  const then = Date.parse(iso);
  const at = now.getTime();
  if (Number.isNaN(then) || Number.isNaN(at)) return '';
  return formatDistance(new UTCDateMini(Math.min(then, at)), new UTCDateMini(at), { addSuffix: true, locale: DATE_LOCALE });
}

/** A timestamp's LOCAL date and time for a tooltip: 'Mar 11, 2026, 10:00:00 AM'; '' when unreadable. */
export function formatTimestamp(iso: string): string {
  const date = new Date(Date.parse(iso));
  return Number.isNaN(date.getTime()) ? '' : format(date, 'PPpp', { locale: DATE_LOCALE });
}
