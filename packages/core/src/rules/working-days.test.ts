import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { addDays } from '../dates';
import {
  STANDARD_CALENDAR,
  addWorkingDays,
  isWorkingDay,
  nextWorkingDay,
  previousWorkingDay,
  workingCalendar,
  workingDaysBetween,
} from './working-days';

// 2026-12-21 is a Monday; 2026-12-25 (Friday) and 2026-12-28 (Monday) are holidays below.
const holidays = workingCalendar(['2026-12-25', '2026-12-28']);

describe('working days (issue 32)', () => {
  it('knows the weekend and closed days', () => {
    expect(isWorkingDay('2026-12-21', STANDARD_CALENDAR)).toBe(true);
    expect(isWorkingDay('2026-12-26', STANDARD_CALENDAR)).toBe(false);
    expect(isWorkingDay('2026-12-27', STANDARD_CALENDAR)).toBe(false);
    expect(isWorkingDay('2026-12-25', holidays)).toBe(false);
    expect(isWorkingDay('2026-12-25', STANDARD_CALENDAR)).toBe(true);
  });

  it('counts back from go-live over a weekend and a holiday', () => {
    // Go-live Tuesday 29 Dec: 1 back skips holiday Mon 28 and the weekend → Thu 24.
    expect(addWorkingDays('2026-12-29', -1, holidays)).toBe('2026-12-24');
    expect(addWorkingDays('2026-12-29', -3, holidays)).toBe('2026-12-22');
    expect(addWorkingDays('2026-12-24', 1, holidays)).toBe('2026-12-29');
    expect(addWorkingDays('2026-12-26', 0, holidays)).toBe('2026-12-26');
  });

  it('counts forward across a month and a year end', () => {
    expect(addWorkingDays('2026-12-31', 1, STANDARD_CALENDAR)).toBe('2027-01-01');
    expect(addWorkingDays('2027-01-01', 1, STANDARD_CALENDAR)).toBe('2027-01-04');
  });

  it('honours another weekend (Friday and Saturday)', () => {
    const cal = workingCalendar([], [4, 5]);
    expect(addWorkingDays('2026-12-24', 1, cal)).toBe('2026-12-27');
  });

  it('refuses a calendar without a working weekday and a fractional count', () => {
    expect(() => workingCalendar([], [0, 1, 2, 3, 4, 5, 6])).toThrow(RangeError);
    expect(() => addWorkingDays('2026-12-21', 1.5, STANDARD_CALENDAR)).toThrow(RangeError);
  });

  it('finds the nearest working day either way', () => {
    expect(nextWorkingDay('2026-12-25', holidays)).toBe('2026-12-29');
    expect(previousWorkingDay('2026-12-28', holidays)).toBe('2026-12-24');
    expect(nextWorkingDay('2026-12-22', holidays)).toBe('2026-12-22');
  });

  const ymd = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2025-01-01', n));
  it('workingDaysBetween is antisymmetric, and addWorkingDays walks it between working days', () => {
    fc.assert(
      fc.property(ymd, ymd, (a, b) => {
        const n = workingDaysBetween(a, b, holidays);
        expect(workingDaysBetween(b, a, holidays) + n).toBe(0);
        if (isWorkingDay(a, holidays) && isWorkingDay(b, holidays)) expect(addWorkingDays(a, n, holidays)).toBe(b);
        if (a <= b && isWorkingDay(b, holidays)) expect(addWorkingDays(a, n, holidays)).toBe(b);
        if (isWorkingDay(a, holidays)) expect(addWorkingDays(addWorkingDays(a, 7, holidays), -7, holidays)).toBe(a);
      }),
    );
  });
});

describe.each(TEST_ZONES)('working days in TZ=%s', (zone) => {
  useTimeZone(zone);
  it('lands on the same day across daylight-saving changes', () => {
    expect(addWorkingDays('2026-03-27', 2, STANDARD_CALENDAR)).toBe('2026-03-31');
    expect(addWorkingDays('2026-10-30', -5, STANDARD_CALENDAR)).toBe('2026-10-23');
    expect(workingDaysBetween('2026-03-06', '2026-03-09', STANDARD_CALENDAR)).toBe(1);
  });
});
