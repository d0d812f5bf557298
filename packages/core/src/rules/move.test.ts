import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, toYmd } from '../dates';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { applyMove, changedDates, describeDates, movedMessage, movedToDate, resizeDates, shiftDates, type CampaignDates } from './move';

const spring: CampaignDates = { planning_start_date: '2026-02-20', live_date: '2026-03-04', end_date: '2026-03-18' };
const ongoing: CampaignDates = { planning_start_date: '2026-02-20', live_date: '2026-03-04', end_date: null };

describe.each(TEST_ZONES)('moving a campaign in TZ=%s', (zone) => {
  useTimeZone(zone);

  it('should shift all three dates by the same number of days, across a month end and a leap day', () => {
    expect(shiftDates(spring, 12)).toEqual({ planning_start_date: '2026-03-04', live_date: '2026-03-16', end_date: '2026-03-30' });
    expect(shiftDates({ planning_start_date: '2028-02-27', live_date: '2028-02-28', end_date: '2028-03-01' }, 1)).toEqual({
      planning_start_date: '2028-02-28', live_date: '2028-02-29', end_date: '2028-03-02',
    });
    expect(shiftDates(spring, -3).planning_start_date).toBe('2026-02-17');
  });

  it('should land on the right day across daylight-saving changes (US Mar 8 / Nov 1, EU Mar 29 / Oct 25 2026)', () => {
    for (const [from, days, to] of [
      ['2026-03-07', 1, '2026-03-08'], ['2026-03-08', 1, '2026-03-09'], ['2026-03-28', 2, '2026-03-30'],
      ['2026-10-31', 1, '2026-11-01'], ['2026-11-01', 1, '2026-11-02'], ['2026-10-24', 7, '2026-10-31'],
    ] as const) {
      expect(shiftDates({ planning_start_date: from, live_date: from, end_date: from }, days)).toEqual({ planning_start_date: to, live_date: to, end_date: to });
    }
  });

  it('should keep both spans whatever the move (property)', () => {
    const ymd = fc.record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) }).map(({ y, m, d }) => toYmd(y, m, d));
    fc.assert(
      fc.property(ymd, fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 90 }), fc.integer({ min: -400, max: 400 }), (start, planDays, liveDays, days) => {
        const dates = { planning_start_date: start, live_date: addDays(start, planDays), end_date: addDays(start, planDays + liveDays) };
        const moved = shiftDates(dates, days);
        expect(daysBetween(dates.planning_start_date, moved.planning_start_date)).toBe(days);
        expect(daysBetween(moved.planning_start_date, moved.live_date)).toBe(planDays);
        expect(daysBetween(moved.live_date, moved.end_date!)).toBe(liveDays);
      }),
    );
  });
});

describe('resizing a bar', () => {
  it('should change only the planning start or the live date in the planning view', () => {
    expect(resizeDates(spring, 'planning', 'start', -5)).toEqual({ ...spring, planning_start_date: '2026-02-15' });
    expect(resizeDates(spring, 'planning', 'end', 3)).toEqual({ ...spring, live_date: '2026-03-07' });
  });

  it('should change only the end date in the live view, giving an ongoing campaign one', () => {
    expect(resizeDates(spring, 'live', 'end', 2)).toEqual({ ...spring, end_date: '2026-03-20' });
    expect(resizeDates(ongoing, 'live', 'end', 5)).toEqual({ ...ongoing, end_date: '2026-03-09' });
  });

  it('should never make a bar end before it starts, nor turn the other bar inside out', () => {
    expect(resizeDates(spring, 'planning', 'start', 100).planning_start_date).toBe(spring.live_date);
    expect(resizeDates(spring, 'planning', 'end', -100).live_date).toBe(spring.planning_start_date);
    expect(resizeDates(spring, 'planning', 'end', 100).live_date).toBe(spring.end_date);
    expect(resizeDates(spring, 'live', 'end', -100).end_date).toBe(spring.live_date);
    expect(resizeDates(ongoing, 'live', 'end', -3).end_date).toBe(ongoing.live_date);
    expect(resizeDates(spring, 'live', 'start', 100).live_date).toBe(spring.end_date);
  });

  it('should dispatch on the kind of gesture', () => {
    expect(applyMove(spring, 'live', 'move', 1)).toEqual(shiftDates(spring, 1));
    expect(applyMove(spring, 'live', 'resize-end', 1)).toEqual(resizeDates(spring, 'live', 'end', 1));
    expect(applyMove(spring, 'planning', 'resize-start', -1)).toEqual(resizeDates(spring, 'planning', 'start', -1));
  });
});

describe('what a move says and sends', () => {
  it('should send only the dates that changed', () => {
    expect(changedDates(spring, resizeDates(spring, 'live', 'end', 2))).toEqual({ end_date: '2026-03-20' });
    expect(changedDates(spring, shiftDates(spring, 1))).toEqual({ planning_start_date: '2026-02-21', live_date: '2026-03-05', end_date: '2026-03-19' });
    expect(changedDates(spring, spring)).toEqual({});
  });

  it('should announce the dates of the view’s bar', () => {
    expect(describeDates('Spring launch', spring, 'live')).toBe('Spring launch: live Mar 4, ends Mar 18');
    expect(describeDates('Spring launch', ongoing, 'live')).toBe('Spring launch: live Mar 4, ongoing');
    expect(describeDates('Spring launch', spring, 'planning')).toBe('Spring launch: planning from Feb 20, live Mar 4');
  });

  it('should name where the moved bar now is in the toast', () => {
    const moved = shiftDates(spring, 7);
    expect(movedMessage('Spring launch', movedToDate(moved, 'live', 'move'))).toBe('"Spring launch" moved to Mar 11');
    expect(movedToDate(moved, 'planning', 'move')).toBe('2026-02-27');
    expect(movedToDate(resizeDates(spring, 'live', 'end', 1), 'live', 'resize-end')).toBe('2026-03-19');
  });
});
