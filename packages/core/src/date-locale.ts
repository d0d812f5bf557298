import type { Day, Locale, LocaleWidth } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

/**
 * The one locale every date name and every week comes from (docs/adr/0038): date-fns' en-US,
 * whose names the spec fixes, with the spec's Monday-first week (docs/product.md#calendar;
 * en-US itself starts on Sunday). Translating the product swaps this object for another
 * date-fns locale; no formatting or week code changes. Imported by path, so a browser bundle
 * carries this one locale, never the whole set.
 */
export const DATE_LOCALE: Locale = { ...enUS, options: { ...enUS.options, weekStartsOn: 1 } };

/** The locale's first day of the week (0 = Sunday … 6 = Saturday); 1 (Monday) for DATE_LOCALE. */
export function weekStartsOn(locale: Locale = DATE_LOCALE): Day {
  return locale.options?.weekStartsOn ?? 0;
}

/** Weekday names in the locale's week order: ['Mon', 'Tue', … 'Sun'] for DATE_LOCALE's abbreviations. */
export function weekdayNames(width: LocaleWidth = 'abbreviated', locale: Locale = DATE_LOCALE): string[] {
  const first = weekStartsOn(locale);
  return Array.from({ length: 7 }, (_, i) => locale.localize.day(((first + i) % 7) as Day, { width }));
}
