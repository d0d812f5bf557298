import { describe, expect, it } from 'vitest';
import { formatTimestamp, formatYmd, quarterLabel, relativeTime, weekRangeLabel } from './date-format';
import { TEST_ZONES, useTimeZone } from './testing/time-zones';

describe.each(TEST_ZONES)('date formatting in TZ=%s', (zone) => {
  useTimeZone(zone);

  describe('formatYmd', () => {
    it('should format the spec patterns in English', () => {
      expect(formatYmd('2026-11-05', 'MMM dd')).toBe('Nov 05');
      expect(formatYmd('2026-11-05', 'MMM dd, yyyy')).toBe('Nov 05, 2026');
      expect(formatYmd('2026-11-05', 'MMMM yyyy')).toBe('November 2026');
      expect(formatYmd('2026-11-22', 'EEEE, MMMM d, yyyy')).toBe('Sunday, November 22, 2026');
      expect(formatYmd('2028-02-29', 'EEEE, MMMM d, yyyy')).toBe('Tuesday, February 29, 2028');
    });

    it('should print the date itself, never the UTC-shifted day before', () => {
      expect(formatYmd('2026-01-01', 'MMM dd, yyyy')).toBe('Jan 01, 2026');
      expect(formatYmd('2026-03-01', 'EEEE, MMMM d, yyyy')).toBe('Sunday, March 1, 2026');
    });

    it("should throw RangeError('Invalid time value') on an invalid date", () => {
      expect(() => formatYmd('2026-02-29', 'MMM dd')).toThrow(new RangeError('Invalid time value'));
      expect(() => formatYmd('', 'MMM dd, yyyy')).toThrow('Invalid time value');
    });
  });

  describe('weekRangeLabel', () => {
    it('should show a Monday-to-Sunday range with one year', () => {
      expect(weekRangeLabel('2026-11-18')).toBe('Nov 16 – Nov 22, 2026');
      expect(weekRangeLabel('2026-11-22')).toBe('Nov 16 – Nov 22, 2026');
    });

    it('should show both months across a month end', () => {
      expect(weekRangeLabel('2026-03-01')).toBe('Feb 23 – Mar 01, 2026');
    });

    it('should show both years across New Year', () => {
      expect(weekRangeLabel('2027-01-01')).toBe('Dec 28, 2026 – Jan 03, 2027');
    });
  });

  describe('quarterLabel', () => {
    it('should name the quarter and year', () => {
      expect(quarterLabel('2026-11-16')).toBe('Q4 2026');
      expect(quarterLabel('2026-01-01')).toBe('Q1 2026');
      expect(quarterLabel('2026-06-30')).toBe('Q2 2026');
      expect(quarterLabel('2026-07-01')).toBe('Q3 2026');
    });
  });

  describe("on date-fns' format (docs/adr/0038)", () => {
    it("should abbreviate a month alone, as the Gantt's gridlines show it", () => {
      expect(formatYmd('2026-09-01', 'MMM')).toBe('Sep');
      expect(formatYmd('2026-05-31', 'MMM')).toBe('May');
    });

    it('should print every valid year as it is, 0 included', () => {
      expect(formatYmd('0000-01-01', 'MMMM yyyy')).toBe('January 0000');
      expect(formatYmd('0050-12-31', 'MMM dd, yyyy')).toBe('Dec 31, 0050');
      expect(quarterLabel('0050-12-31')).toBe('Q4 50');
    });

    it('should refuse a pattern outside the spec', () => {
      expect(() => formatYmd('2026-11-05', 'yyyy-MM-dd' as never)).toThrow('Unknown date format');
      expect(() => formatYmd('2026-11-05', 'toString' as never)).toThrow('Unknown date format');
    });
  });

  describe('relativeTime', () => {
    const now = new Date('2026-03-11T10:00:00.000Z');
    const before = (s: number) => new Date(now.getTime() - s * 1000).toISOString();

    it("should use date-fns' wording", () => {
      expect(relativeTime(before(10), now)).toBe('less than a minute ago');
      expect(relativeTime(before(44 * 60), now)).toBe('44 minutes ago');
      expect(relativeTime(before(2 * 3600), now)).toBe('about 2 hours ago');
      expect(relativeTime(before(50 * 86400), now)).toBe('about 2 months ago');
      expect(relativeTime(before(300 * 86400), now)).toBe('10 months ago');
      expect(relativeTime(before(2 * 365 * 86400), now)).toBe('about 2 years ago');
    });

    it('should count elapsed time across a DST change, the same in every zone', () => {
      // US DST started at 10:00Z; 90 minutes read as 'about 3 hours' in Los Angeles local time.
      expect(relativeTime('2026-03-08T09:00:00Z', new Date('2026-03-08T10:30:00Z'))).toBe('about 2 hours ago');
      expect(relativeTime('2026-03-07T10:00:00Z', new Date('2026-03-09T10:00:00Z'))).toBe('2 days ago');
    });

    it('should read a time after now as just now, and an unreadable one as nothing', () => {
      expect(relativeTime(before(-120), now)).toBe('less than a minute ago');
      expect(relativeTime('not a time', now)).toBe('');
    });
  });

  describe('formatTimestamp', () => {
    it('should show the local date and time', () => {
      expect(formatTimestamp(new Date(2026, 2, 11, 10, 0, 5).toISOString())).toBe('Mar 11, 2026, 10:00:05 AM');
      expect(formatTimestamp(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('Dec 31, 2026, 11:59:00 PM');
    });

    it('should give nothing for an unreadable timestamp', () => {
      expect(formatTimestamp('')).toBe('');
    });
  });
});
