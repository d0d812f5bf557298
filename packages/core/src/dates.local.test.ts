import { describe, expect, it } from 'vitest';
import { isoToYmd, toYmd, todayYmd } from './dates';
import { TEST_ZONES, useTimeZone } from './testing/time-zones';

// The two functions that read the local clock: they must agree with the wall calendar
// in every zone, on both sides of midnight.
describe.each(TEST_ZONES)('local dates in TZ=%s', (zone) => {
  useTimeZone(zone);

  describe('todayYmd', () => {
    it('should give the local date just after midnight', () => {
      expect(todayYmd(new Date(2026, 2, 1, 0, 30))).toBe('2026-03-01');
    });

    it('should give the local date just before midnight', () => {
      expect(todayYmd(new Date(2026, 1, 28, 23, 59, 59))).toBe('2026-02-28');
      expect(todayYmd(new Date(2028, 1, 29, 23, 59))).toBe('2028-02-29');
      expect(todayYmd(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
    });

    it('should default to now', () => {
      const now = new Date();
      expect(todayYmd()).toBe(toYmd(now.getFullYear(), now.getMonth() + 1, now.getDate()));
    });

    it('should refuse an invalid Date', () => {
      expect(() => todayYmd(new Date(Number.NaN))).toThrow('Invalid time value');
    });
  });

  describe('isoToYmd', () => {
    it('should give the local date of a timestamp', () => {
      const instant = '2026-03-01T10:30:00Z';
      const d = new Date(instant);
      expect(isoToYmd(instant)).toBe(toYmd(d.getFullYear(), d.getMonth() + 1, d.getDate()));
    });

    it('should read a UTC-midnight timestamp in the local zone', () => {
      const expected = { UTC: '2026-03-01', 'America/Los_Angeles': '2026-02-28', 'Pacific/Kiritimati': '2026-03-01' }[zone];
      expect(isoToYmd('2026-03-01T00:00:00.000Z')).toBe(expected);
    });

    it('should accept offsets written the Postgres way', () => {
      expect(isoToYmd('2026-03-01 12:00:00+00')).toBe(isoToYmd('2026-03-01T12:00:00Z'));
      expect(isoToYmd('2026-03-01T12:00:00+0000')).toBe(isoToYmd('2026-03-01T12:00:00Z'));
      expect(isoToYmd('2026-03-01T12:00:00.123456+00:00')).toBe(isoToYmd('2026-03-01T12:00:00Z'));
    });

    it('should keep a timestamp without offset as local wall time', () => {
      expect(isoToYmd('2026-03-01T00:10')).toBe('2026-03-01');
      expect(isoToYmd('2026-03-01T23:50:00')).toBe('2026-03-01');
    });

    it('should return a plain Ymd unchanged', () => {
      expect(isoToYmd('2026-03-01')).toBe('2026-03-01');
    });

    it('should refuse what is not a timestamp', () => {
      expect(() => isoToYmd('March 1')).toThrow('Invalid time value');
      expect(() => isoToYmd('2026-02-30T10:00:00Z')).toThrow(RangeError);
      expect(() => isoToYmd('2026-03-01T25:00:00Z')).toThrow(RangeError);
    });
  });

  describe('isoToYmd on parseISO (docs/adr/0038)', () => {
    it('should never round a fraction of a second into the next day', () => {
      expect(isoToYmd('2026-03-01T23:59:59.9999999')).toBe('2026-03-01');
      expect(isoToYmd('1969-12-31T23:59:59.9995')).toBe('1969-12-31');
    });

    it('should read 24:00 as the midnight ending the day, as Date.parse does', () => {
      expect(isoToYmd('2026-02-28T24:00')).toBe('2026-03-01');
      expect(() => isoToYmd('2026-02-28T24:30')).toThrow('Invalid time value');
    });

    it('should refuse offsets of a day or more and lower-case forms only where Date.parse does', () => {
      expect(() => isoToYmd('2026-03-01T10:00+24:00')).toThrow('Invalid time value');
      expect(() => isoToYmd('2026-03-01T10:00+05:75')).toThrow('Invalid time value');
      expect(isoToYmd('2026-03-01t12:00:00z')).toBe(isoToYmd('2026-03-01T12:00:00Z'));
      expect(() => isoToYmd('2026-W09-7T10:00Z')).toThrow('Invalid time value');
    });
  });
});
