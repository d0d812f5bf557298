import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeLabel, compareDates, compareSummary, compareSummaryText, medianDays, planDatesOf, planTouches, rewindRow, type RewindEntry } from './baselines';

const dates = (planning: string, live: string, end: string | null = null) => ({ planning_start_date: planning, live_date: live, end_date: end });
const update = (field: string, before: unknown, after: unknown): RewindEntry => ({ action: 'update', changes: { [field]: { before, after } }, row: null });

describe('rewindRow', () => {
  it('puts back the before values of later updates, newest first', () => {
    const now = { id: 'c', title: 'Launch', live_date: '2027-03-20' };
    const later = [update('live_date', '2027-03-15', '2027-03-20'), update('live_date', '2027-03-10', '2027-03-15')];
    expect(rewindRow(now, later)).toEqual({ id: 'c', title: 'Launch', live_date: '2027-03-10' });
  });

  it('a campaign created after the moment did not exist then', () => {
    expect(rewindRow({ id: 'c' }, [update('title', 'a', 'b'), { action: 'create', changes: null, row: null }])).toBeUndefined();
  });

  it('a campaign deleted after the moment comes back as its delete kept it, then rewinds further', () => {
    const kept = { id: 'c', live_date: '2027-05-02' };
    const later = [{ action: 'delete', changes: null, row: kept }, update('live_date', '2027-05-01', '2027-05-02')];
    expect(rewindRow(undefined, later)).toEqual({ id: 'c', live_date: '2027-05-01' });
  });

  it('a delete undone by a revert (a create) rewinds through both', () => {
    const now = { id: 'c', live_date: '2027-01-09' };
    const later = [{ action: 'create', changes: null, row: null }, { action: 'delete', changes: null, row: { id: 'c', live_date: '2027-01-08' } }];
    expect(rewindRow(now, later)).toEqual({ id: 'c', live_date: '2027-01-08' });
  });

  it('does not change the row it is given', () => {
    const now = { id: 'c', live_date: '2027-03-20' };
    rewindRow(now, [update('live_date', '2027-03-01', '2027-03-20')]);
    expect(now.live_date).toBe('2027-03-20');
  });

  it('replaying the updates forwards from the rewound row gives the row now (property)', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2027-02-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(day, fc.array(day, { maxLength: 8 }), (start, moves) => {
        let live = start;
        const entries: RewindEntry[] = [];
        for (const m of moves) {
          entries.unshift(update('live_date', live, m));
          live = m;
        }
        expect(rewindRow({ live_date: live }, entries)).toEqual({ live_date: start });
      }),
    );
  });
});

describe('compareDates', () => {
  it('tells moved, added, removed and same apart, with the live-date slip', () => {
    expect(compareDates(dates('2027-03-01', '2027-03-10'), dates('2027-03-01', '2027-03-14'))).toEqual({ change: 'moved', slip_days: 4 });
    expect(compareDates(dates('2027-03-01', '2027-03-10'), dates('2027-03-01', '2027-03-07'))).toEqual({ change: 'moved', slip_days: -3 });
    expect(compareDates(null, dates('2027-03-01', '2027-03-10'))).toEqual({ change: 'added', slip_days: null });
    expect(compareDates(dates('2027-03-01', '2027-03-10'), null)).toEqual({ change: 'removed', slip_days: null });
    expect(compareDates(dates('2027-03-01', '2027-03-10'), dates('2027-03-01', '2027-03-10'))).toEqual({ change: 'same', slip_days: 0 });
  });

  it('an end date alone moving is a move with no slip', () => {
    expect(compareDates(dates('2027-03-01', '2027-03-10', '2027-03-12'), dates('2027-03-01', '2027-03-10', '2027-03-20'))).toEqual({ change: 'moved', slip_days: 0 });
  });

  it('counts days across a month and a leap day, not hours', () => {
    expect(compareDates(dates('2028-02-01', '2028-02-28'), dates('2028-02-01', '2028-03-01')).slip_days).toBe(2);
  });
});

describe('summary', () => {
  it('counts each kind and takes the median slip of the moved ones', () => {
    const s = compareSummary([
      { change: 'moved', slip_days: 2 },
      { change: 'moved', slip_days: 6 },
      { change: 'moved', slip_days: 4 },
      { change: 'added', slip_days: null },
      { change: 'removed', slip_days: null },
      { change: 'same', slip_days: 0 },
    ]);
    expect(s).toEqual({ moved: 3, added: 1, removed: 1, median_slip_days: 4 });
    expect(compareSummaryText(s)).toBe('3 moved, 1 added, 1 removed; median slip +4 days');
  });

  it('says so when nothing changed, and writes slips earlier with a minus', () => {
    expect(compareSummaryText({ moved: 0, added: 0, removed: 0, median_slip_days: null })).toBe('No changes');
    expect(compareSummaryText({ moved: 1, added: 0, removed: 0, median_slip_days: -1 })).toBe('1 moved, 0 added, 0 removed; median slip −1 day');
  });

  it('a median between two days rounds toward the later one', () => {
    expect(medianDays([1, 2])).toBe(2);
    expect(medianDays([-3, -2])).toBe(-2);
    expect(medianDays([])).toBeNull();
  });

  it('names each change in words', () => {
    expect(changeLabel({ change: 'moved', slip_days: 5, then: dates('2027-03-01', '2027-03-10') })).toBe('Moved +5 days since the baseline (was live 2027-03-10)');
    expect(changeLabel({ change: 'added', slip_days: null, then: null })).toBe('Added since the baseline');
  });
});

describe('planDatesOf and planTouches', () => {
  it('reads stored dates (timestamps cut to the day) and tells whether a plan touches a range', () => {
    const d = planDatesOf({ planning_start_date: '2027-02-20', live_date: '2027-03-05T00:00:00.000Z', end_date: null })!;
    expect(d).toEqual(dates('2027-02-20', '2027-03-05'));
    expect(planTouches(d, '2027-03-01', '2027-03-31')).toBe(true);
    expect(planTouches(d, '2027-03-06', '2027-03-31')).toBe(false);
    expect(planTouches(d, '2027-01-01', '2027-02-20')).toBe(true);
    expect(planDatesOf(undefined)).toBeNull();
  });
});
