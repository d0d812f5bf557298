import { describe, expect, it } from 'vitest';
import { eachDay, monthGrid } from '../dates';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import {
  bucketByDay,
  campaignCountLabel,
  formatCount,
  campaignsOnDay,
  cellOverflow,
  dayDialogChannels,
  isOnLiveDay,
  isOnPlanningDay,
  truncateTitle,
  visibleWindow,
  type DatedCampaign,
} from './calendar';

const campaign = (id: string, planning_start_date: string, live_date: string, end_date?: string | null) => ({
  id,
  planning_start_date,
  live_date,
  end_date,
});

describe.each(TEST_ZONES)('calendar rules in TZ=%s', (zone) => {
  useTimeZone(zone);

  describe('isOnPlanningDay', () => {
    const c = campaign('a', '2026-02-27', '2026-03-02');

    it('should include the planning start and the days before the live date', () => {
      expect(isOnPlanningDay(c, '2026-02-27')).toBe(true);
      expect(isOnPlanningDay(c, '2026-02-28')).toBe(true);
      expect(isOnPlanningDay(c, '2026-03-01')).toBe(true);
    });

    it('should exclude the day before the start and the live date itself', () => {
      expect(isOnPlanningDay(c, '2026-02-26')).toBe(false);
      expect(isOnPlanningDay(c, '2026-03-02')).toBe(false);
    });

    it('should show nothing when the live date is the planning start', () => {
      expect(isOnPlanningDay(campaign('b', '2026-03-02', '2026-03-02'), '2026-03-02')).toBe(false);
    });
  });

  describe('isOnLiveDay', () => {
    it('should run from the live date to the end date inclusive', () => {
      const c = campaign('a', '2028-02-01', '2028-02-28', '2028-03-01');
      expect(isOnLiveDay(c, '2028-02-27')).toBe(false);
      expect(isOnLiveDay(c, '2028-02-28')).toBe(true);
      expect(isOnLiveDay(c, '2028-02-29')).toBe(true);
      expect(isOnLiveDay(c, '2028-03-01')).toBe(true);
      expect(isOnLiveDay(c, '2028-03-02')).toBe(false);
    });

    it('should run forever without an end date (null or missing)', () => {
      expect(isOnLiveDay(campaign('a', '2026-01-01', '2026-12-31', null), '2030-06-01')).toBe(true);
      expect(isOnLiveDay({ planning_start_date: '2026-01-01', live_date: '2026-12-31' }, '2027-01-01')).toBe(true);
      expect(isOnLiveDay(campaign('a', '2026-01-01', '2026-12-31', null), '2026-12-30')).toBe(false);
    });
  });

  describe('campaignsOnDay', () => {
    it('should pick campaigns for the chosen view', () => {
      const list = [campaign('a', '2026-11-01', '2026-11-10'), campaign('b', '2026-11-05', '2026-11-08', '2026-11-09')];
      expect(campaignsOnDay(list, '2026-11-08', 'planning').map((c) => c.id)).toEqual(['a']);
      expect(campaignsOnDay(list, '2026-11-08', 'live').map((c) => c.id)).toEqual(['b']);
      expect(campaignsOnDay(list, '2026-11-10', 'live').map((c) => c.id)).toEqual(['a']);
    });
  });

  describe('bucketByDay', () => {
    const days = monthGrid('2026-12-01').flat();
    const list = [
      campaign('before', '2026-10-01', '2026-11-01', '2026-11-20'),
      campaign('spansYear', '2026-12-30', '2027-01-02', '2027-01-02'),
      campaign('ongoing', '2026-11-01', '2026-11-15', null),
      campaign('after', '2027-02-01', '2027-03-01'),
    ];

    it('should give every visible day a bucket', () => {
      const buckets = bucketByDay(list, days, 'planning');
      expect([...buckets.keys()]).toEqual(days);
    });

    it('should match campaignsOnDay for every day and view', () => {
      for (const view of ['planning', 'live'] as const) {
        const buckets = bucketByDay(list, days, view);
        for (const day of days) expect(buckets.get(day), `${view} ${day}`).toEqual(campaignsOnDay(list, day, view));
      }
    });

    it('should clip spans to the visible days at both sides', () => {
      const buckets = bucketByDay(list, days, 'planning');
      expect(buckets.get('2026-12-31')?.map((c) => c.id)).toEqual(['spansYear']);
      expect(buckets.get('2027-01-01')?.map((c) => c.id)).toEqual(['spansYear']);
      expect(buckets.get('2027-01-02')).toEqual([]);
      expect(bucketByDay(list, days, 'live').get(days[0] ?? '')?.map((c) => c.id)).toEqual(['ongoing']);
    });

    it('should handle unsorted and sparse day lists', () => {
      const sparse = ['2027-01-02', '2026-11-10', '2026-12-31'];
      const buckets = bucketByDay(list, sparse, 'live');
      expect([...buckets.keys()]).toEqual(sparse);
      expect(buckets.get('2026-11-10')?.map((c) => c.id)).toEqual(['before']);
      expect(buckets.get('2027-01-02')?.map((c) => c.id)).toEqual(['spansYear', 'ongoing']);
    });

    it('should bucket 5,000 campaigns over a 42-day grid', () => {
      const starts = eachDay('2026-09-01', '2027-03-01');
      const many: DatedCampaign[] = [];
      for (let i = 0; i < 5000; i++) {
        const start = starts[i % starts.length] ?? '2026-09-01';
        many.push({ planning_start_date: start, live_date: start > '2026-12-01' ? '2027-03-01' : '2026-12-15', end_date: i % 3 ? null : '2027-01-10' });
      }
      // Timing belongs in bench/ (docs/architecture.md#tests); here the large input must stay correct.
      for (const view of ['planning', 'live'] as const) {
        const buckets = bucketByDay(many, days, view);
        for (const day of days) expect(buckets.get(day)).toEqual(campaignsOnDay(many, day, view));
      }
    });
  });

  describe('cellOverflow', () => {
    it('should show 2 in month view and label the rest', () => {
      expect(cellOverflow(['a', 'b', 'c', 'd', 'e'], 'month')).toEqual({ visible: ['a', 'b'], hiddenCount: 3, moreLabel: '+3 more campaigns' });
    });

    it('should show 4 in week view', () => {
      expect(cellOverflow(['a', 'b', 'c', 'd', 'e'], 'week')).toEqual({ visible: ['a', 'b', 'c', 'd'], hiddenCount: 1, moreLabel: '+1 more campaigns' });
    });

    it('should have no label when nothing is hidden', () => {
      expect(cellOverflow(['a', 'b'], 'month')).toEqual({ visible: ['a', 'b'], hiddenCount: 0, moreLabel: null });
      expect(cellOverflow([], 'week').moreLabel).toBeNull();
    });
  });

  describe('truncateTitle', () => {
    it('should keep 15 characters in month view and mark the cut', () => {
      expect(truncateTitle('Spring Product Launch', 'month')).toBe('Spring Product …');
      expect(truncateTitle('Exactly fifteen', 'month')).toBe('Exactly fifteen');
    });

    it('should keep 25 characters in week view', () => {
      expect(truncateTitle('Quarterly customer newsletter', 'week')).toBe('Quarterly customer newsle…');
      expect(truncateTitle('Short', 'week')).toBe('Short');
    });

    it('should not split an emoji', () => {
      expect(truncateTitle('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀', 'month')).toBe(`${'🚀'.repeat(15)}…`);
    });
  });

  describe('dayDialogChannels', () => {
    it('should show up to 4 channels plus a count', () => {
      expect(dayDialogChannels(['email', 'social', 'content', 'paid', 'seo', 'pr'])).toEqual({
        shown: ['email', 'social', 'content', 'paid'],
        more: 2,
        moreLabel: '+2 more',
      });
      expect(dayDialogChannels(['email'])).toEqual({ shown: ['email'], more: 0, moreLabel: null });
    });
  });

  describe('campaignCountLabel', () => {
    it('should pluralise', () => {
      expect(campaignCountLabel(1)).toBe('1 campaign');
      expect(campaignCountLabel(0)).toBe('0 campaigns');
      expect(campaignCountLabel(7)).toBe('7 campaigns');
    });
    it('should group thousands, as 10,000 campaigns read', () => {
      expect(campaignCountLabel(10000)).toBe('10,000 campaigns');
      expect(formatCount(1234567)).toBe('1,234,567');
      expect(formatCount(999)).toBe('999');
    });
  });

  describe('visibleWindow', () => {
    it('should span the whole month grid', () => {
      expect(visibleWindow('2026-11-16', 'month')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
      expect(visibleWindow('2028-02-29', 'month')).toEqual({ from: '2028-01-31', to: '2028-03-05' });
    });

    it('should span Monday to Sunday in week view', () => {
      expect(visibleWindow('2027-01-01', 'week')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    });
  });
});
