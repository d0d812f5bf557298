import { describe, expect, it } from 'vitest';
import { formatYmd, quarterLabel, weekRangeLabel } from './date-format';
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
});
