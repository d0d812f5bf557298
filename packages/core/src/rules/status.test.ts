import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES } from '../constants';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { dashboardGroup, deriveDisplayStatus, priorityLabel, statusLabel } from './status';

const c = { planning_start_date: '2026-02-20', live_date: '2026-03-01', end_date: '2026-03-31' };
// Local wall-clock moments, built inside each test so they follow the zone under test.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);

describe.each(TEST_ZONES)('status rules in TZ=%s', (zone) => {
  useTimeZone(zone);

  describe('deriveDisplayStatus', () => {
    it('should be planning before the planning start and before the live date', () => {
      expect(deriveDisplayStatus(c, at(2026, 2, 1))).toBe('planning');
      expect(deriveDisplayStatus(c, at(2026, 2, 25))).toBe('planning');
    });

    it('should still be planning at 23:59 local on the eve of the live date', () => {
      expect(deriveDisplayStatus(c, at(2026, 2, 28, 23, 59))).toBe('planning');
    });

    it('should be in progress from local midnight of the live date', () => {
      expect(deriveDisplayStatus(c, at(2026, 3, 1, 0, 0))).toBe('in-progress');
      expect(deriveDisplayStatus(c, at(2026, 3, 1, 0, 30))).toBe('in-progress');
    });

    it('should stay in progress through the whole end date', () => {
      expect(deriveDisplayStatus(c, at(2026, 3, 31, 23, 59))).toBe('in-progress');
    });

    it('should be completed once the day after the end date starts', () => {
      expect(deriveDisplayStatus(c, at(2026, 4, 1, 0, 1))).toBe('completed');
    });

    it('should stay in progress forever without an end date', () => {
      expect(deriveDisplayStatus({ ...c, end_date: null }, at(2030, 1, 1))).toBe('in-progress');
      expect(deriveDisplayStatus({ planning_start_date: '2026-02-20', live_date: '2026-03-01' }, at(2030, 1, 1))).toBe('in-progress');
    });

    it('should be planning while before an inverted planning start', () => {
      const inverted = { planning_start_date: '2026-03-10', live_date: '2026-03-01', end_date: null };
      expect(deriveDisplayStatus(inverted, at(2026, 3, 5))).toBe('planning');
      expect(deriveDisplayStatus(inverted, at(2026, 3, 10))).toBe('in-progress');
    });

    it('should handle a leap day live date', () => {
      const leap = { planning_start_date: '2028-02-01', live_date: '2028-02-29', end_date: '2028-02-29' };
      expect(deriveDisplayStatus(leap, at(2028, 2, 28, 23, 59))).toBe('planning');
      expect(deriveDisplayStatus(leap, at(2028, 2, 29, 23, 59))).toBe('in-progress');
      expect(deriveDisplayStatus(leap, at(2028, 3, 1, 0, 0))).toBe('completed');
    });

    it('should never yield live', () => {
      const seen = new Set<string>();
      for (let d = 1; d <= 28; d++) for (const m of [1, 2, 3, 4]) seen.add(deriveDisplayStatus(c, at(2026, m, d)));
      expect([...seen].sort()).toEqual(['completed', 'in-progress', 'planning']);
    });
  });

  describe('dashboardGroup', () => {
    it('should group live and in-progress as active', () => {
      expect(dashboardGroup('live')).toBe('active');
      expect(dashboardGroup('in-progress')).toBe('active');
      expect(dashboardGroup('planning')).toBe('planning');
      expect(dashboardGroup('completed')).toBe('completed');
    });
  });

  describe('labels', () => {
    it('should label every status', () => {
      expect(CAMPAIGN_STATUSES.map(statusLabel)).toEqual(['Planning', 'In Progress', 'Live', 'Completed']);
    });

    it('should label priorities', () => {
      expect(priorityLabel('high')).toBe('High');
      expect(priorityLabel('medium')).toBe('Medium');
      expect(priorityLabel('low')).toBe('Low');
    });
  });
});
