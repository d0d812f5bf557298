import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addWeeks,
  compareYmd,
  dayOfWeekMondayFirst,
  daysBetween,
  daysInMonth,
  eachDay,
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  isYmd,
  monthGrid,
  parseYmd,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  toYmd,
  utcYmd,
  weekDays,
  ymdProblem,
} from './dates';
import { TEST_ZONES, useTimeZone } from './testing/time-zones';

describe.each(TEST_ZONES)('dates in TZ=%s', (zone) => {
  useTimeZone(zone);

  describe('isYmd', () => {
    it('should accept real calendar dates', () => {
      expect(isYmd('2026-11-16')).toBe(true);
      expect(isYmd('2028-02-29')).toBe(true);
      expect(isYmd('2000-02-29')).toBe(true);
    });

    it('should refuse impossible dates and other formats', () => {
      for (const s of ['2026-02-29', '2026-02-30', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-5', '2026-01-05T00:00:00Z', ' 2026-01-05', '', '20260105']) {
        expect(isYmd(s), s).toBe(false);
      }
      expect(isYmd(undefined)).toBe(false);
      expect(isYmd(20260105)).toBe(false);
    });
  });

  describe('ymdProblem', () => {
    it("should say why a value is not a date the API stores, as the schema's messages do", () => {
      expect(ymdProblem('2026-11-16')).toBeNull();
      expect(ymdProblem('2026-02-30')).toBe('Must be a date (YYYY-MM-DD)');
      expect(ymdProblem(20260105)).toBe('Must be a date (YYYY-MM-DD)');
      expect(ymdProblem('1899-12-31')).toBe('Must be a date between 1900 and 2999');
      expect(ymdProblem('3000-01-01')).toBe('Must be a date between 1900 and 2999');
    });
  });

  describe('parseYmd and toYmd', () => {
    it('should split a Ymd into numbers', () => {
      expect(parseYmd('2026-03-09')).toEqual({ year: 2026, month: 3, day: 9 });
    });

    it("should throw the spec's RangeError on bad input", () => {
      expect(() => parseYmd('2026-02-30')).toThrow(new RangeError('Invalid time value'));
      expect(() => parseYmd('not a date')).toThrow(RangeError);
      expect(() => toYmd(2026, 2, 29)).toThrow('Invalid time value');
    });

    it('should pad parts', () => {
      expect(toYmd(2026, 1, 5)).toBe('2026-01-05');
      expect(toYmd(50, 12, 31)).toBe('0050-12-31');
    });
  });

  describe('day arithmetic', () => {
    it('should add days across month, year and leap-day boundaries', () => {
      expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
      expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
      expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
      expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
      expect(addDays('2026-03-08', 1)).toBe('2026-03-09'); // US DST starts on the 8th
      expect(addDays('2026-11-01', 1)).toBe('2026-11-02'); // US DST ends on the 1st
      expect(addDays('2026-05-05', 0)).toBe('2026-05-05');
      expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
      expect(addDays('2028-01-01', 366)).toBe('2029-01-01');
    });

    it('should refuse a fractional number of days', () => {
      expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
    });

    it('should add months, clamping to the end of the month', () => {
      expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
      expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
      expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
      expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
      expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
      expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
      expect(addMonths('2026-05-10', -24)).toBe('2024-05-10');
    });

    it('should count whole days between two dates', () => {
      expect(daysBetween('2026-11-01', '2026-11-30')).toBe(29);
      expect(daysBetween('2026-11-30', '2026-11-01')).toBe(-29);
      expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
      expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31); // across a DST change
      expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    });

    it('should compare chronologically', () => {
      expect(compareYmd('2026-01-02', '2026-01-10')).toBe(-1);
      expect(compareYmd('2027-01-01', '2026-12-31')).toBe(1);
      expect(compareYmd('2026-05-05', '2026-05-05')).toBe(0);
    });
  });

  describe('week, month, quarter and year bounds', () => {
    it('should number weekdays from Monday', () => {
      expect(dayOfWeekMondayFirst('2026-11-16')).toBe(0); // Monday
      expect(dayOfWeekMondayFirst('2026-11-22')).toBe(6); // Sunday
      expect(dayOfWeekMondayFirst('1970-01-01')).toBe(3); // Thursday
      expect(dayOfWeekMondayFirst('1969-12-28')).toBe(6); // Sunday, before day 0
      expect(dayOfWeekMondayFirst('2028-02-29')).toBe(1); // Tuesday
    });

    it('should start weeks on Monday, also across a year end', () => {
      expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
      expect(startOfWeek('2026-11-16')).toBe('2026-11-16');
      expect(endOfWeek('2026-11-16')).toBe('2026-11-22');
      expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
      expect(endOfWeek('2026-12-30')).toBe('2027-01-03');
    });

    it('should give month bounds including leap February', () => {
      expect(startOfMonth('2026-11-16')).toBe('2026-11-01');
      expect(endOfMonth('2026-11-16')).toBe('2026-11-30');
      expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
      expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
      expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
    });

    it('should give quarter and year bounds', () => {
      expect(startOfQuarter('2026-11-16')).toBe('2026-10-01');
      expect(endOfQuarter('2026-11-16')).toBe('2026-12-31');
      expect(startOfQuarter('2026-03-31')).toBe('2026-01-01');
      expect(endOfQuarter('2026-01-01')).toBe('2026-03-31');
      expect(endOfQuarter('2026-05-01')).toBe('2026-06-30');
      expect(startOfYear('2026-11-16')).toBe('2026-01-01');
      expect(endOfYear('2026-11-16')).toBe('2026-12-31');
    });
  });

  describe('day lists', () => {
    it('should list each day inclusively', () => {
      expect(eachDay('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
      expect(eachDay('2026-05-05', '2026-05-05')).toEqual(['2026-05-05']);
      expect(eachDay('2026-05-06', '2026-05-05')).toEqual([]);
    });

    it('should give the Monday-first week of a day', () => {
      expect(weekDays('2026-12-31')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    });

    it('should cover a month with whole weeks, outside days included', () => {
      const weeks = monthGrid('2026-11-16');
      expect(weeks).toHaveLength(6);
      expect(weeks[0]?.[0]).toBe('2026-10-26');
      expect(weeks[0]?.[6]).toBe('2026-11-01');
      expect(weeks[5]?.[6]).toBe('2026-12-06');
      expect(weeks.every((w) => w.length === 7)).toBe(true);
    });

    it('should use four weeks for a February starting on Monday', () => {
      const weeks = monthGrid('2027-02-10');
      expect(weeks).toHaveLength(4);
      expect(weeks[0]?.[0]).toBe('2027-02-01');
      expect(weeks[3]?.[6]).toBe('2027-02-28');
    });

    it('should cross the year for December and January grids', () => {
      expect(monthGrid('2026-12-01').at(-1)?.[6]).toBe('2027-01-03');
      expect(monthGrid('2027-01-20')[0]?.[0]).toBe('2026-12-28');
    });
  });

  describe('on date-fns (docs/adr/0038)', () => {
    it('should add weeks across a year end and a DST change', () => {
      expect(addWeeks('2026-12-28', 1)).toBe('2027-01-04');
      expect(addWeeks('2026-03-05', 1)).toBe('2026-03-12');
      expect(addWeeks('2026-03-12', -2)).toBe('2026-02-26');
      expect(() => addWeeks('2026-01-01', 1.5)).toThrow(RangeError);
    });

    it('should count the days of each month', () => {
      expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
      expect(daysInMonth(2028, 2)).toBe(29);
      expect(daysInMonth(1900, 2)).toBe(28);
      expect(daysInMonth(2000, 2)).toBe(29);
    });

    it('should keep years 0–99 as they are, never as 1900–1999', () => {
      expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
      expect(addMonths('0004-01-31', 1)).toBe('0004-02-29');
      expect(startOfWeek('0001-01-03')).toBe('0001-01-01');
      expect(daysBetween('0000-01-01', '0001-01-01')).toBe(366);
      expect(isYmd('0000-02-29')).toBe(true);
    });

    it('should refuse results outside years 0–9999', () => {
      expect(() => addDays('9999-12-31', 1)).toThrow('Invalid time value');
      expect(() => addDays('0000-01-01', -1)).toThrow('Invalid time value');
      expect(() => startOfWeek('0000-01-01')).toThrow('Invalid time value');
      expect(() => addDays('2026-01-01', 1e15)).toThrow('Invalid time value');
    });

    it('should give the UTC date of an instant', () => {
      expect(utcYmd(new Date(Date.UTC(2026, 2, 1)))).toBe('2026-03-01');
      expect(utcYmd(new Date(Date.UTC(2026, 1, 28, 23, 59, 59, 999)))).toBe('2026-02-28');
      expect(() => utcYmd(new Date(Number.NaN))).toThrow('Invalid time value');
    });

    it('should agree with plain UTC calendar arithmetic for any day and offset', () => {
      const day = fc.date({ min: new Date('0000-01-08T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map(utcYmd);
      const shift = (ymd: string, n: number) => {
        const d = new Date(0);
        d.setUTCFullYear(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10)) + n);
        return d;
      };
      fc.assert(
        fc.property(day, fc.integer({ min: -40_000, max: 40_000 }), (ymd, n) => {
          const expected = shift(ymd, n);
          if (expected.getUTCFullYear() < 0 || expected.getUTCFullYear() > 9999) return;
          expect(addDays(ymd, n)).toBe(utcYmd(expected));
          expect(daysBetween(ymd, addDays(ymd, n))).toBe(n);
          expect(dayOfWeekMondayFirst(ymd)).toBe((shift(ymd, 0).getUTCDay() + 6) % 7);
          expect(addDays(startOfWeek(ymd), dayOfWeekMondayFirst(ymd))).toBe(ymd);
        }),
        { numRuns: 300 },
      );
    });
  });
});
