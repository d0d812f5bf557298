import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PlannedCampaign, RuleViolation } from './planning-rules';
import { dayLeftPercent } from './gantt';
import { weekLoadLabel, weekPlacement, weeklyLoad } from './week-load';

let seq = 0;
const c = (live_date: string, extra: Partial<PlannedCampaign> = {}): PlannedCampaign => ({ id: `c${++seq}`, live_date, channels: ['email'], owner: null, ...extra });
const violation = (kind: RuleViolation['kind'], date: string): RuleViolation => ({ rule_id: 'r', kind, severity: 'warn', message: '', date, campaign_ids: [] });

// November 2026: Monday the 2nd; the month grid runs from Monday Oct 26 to Sunday Dec 6.
const MONTH = { from: '2026-10-26', to: '2026-12-06' };

describe('weeklyLoad (the load strip)', () => {
  it('counts each week’s go-lives by channel, a campaign on two channels once in the total', () => {
    const weeks = weeklyLoad([c('2026-11-02'), c('2026-11-04'), c('2026-11-08', { channels: ['email', 'seo'] }), c('2026-11-05', { channels: ['seo'] }), c('2026-12-20')], 'channel', MONTH);
    expect(weeks.map((w) => w.week)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
    expect(weeks[1]).toEqual({ week: '2026-11-02', total: 4, over: false, groups: [{ name: 'Email', count: 3 }, { name: 'SEO', count: 2 }] });
    expect(weekLoadLabel(weeks[1]!)).toBe('Week of Nov 02: 4 go-lives; Email 3, SEO 2');
    expect(weekLoadLabel(weeks[0]!)).toBe('Week of Oct 26: 0 go-lives');
  });

  it('counts by owner, and marks a week where a load rule is broken (a day’s or a week’s, not a gap)', () => {
    const weeks = weeklyLoad([c('2026-11-10', { owner: 'Dana' }), c('2026-11-11', { owner: ' Dana ' }), c('2026-11-12')], 'owner', MONTH, [
      violation('owner_load', '2026-11-09'), violation('channel_load', '2026-11-19'), violation('min_gap', '2026-11-25'), violation('non_working', '2026-12-01'),
    ]);
    expect(weeks[2]).toMatchObject({ total: 3, over: true, groups: [{ name: 'Dana', count: 2 }, { name: 'No owner', count: 1 }] });
    expect(weeks.map((w) => w.over)).toEqual([false, false, true, true, false, false]);
    expect(weekLoadLabel({ week: '2026-11-09', total: 1, groups: [{ name: 'Dana', count: 1 }], over: true })).toBe('Week of Nov 09: 1 go-live; Dana 1; over a planning rule’s limit');
  });

  it('counts every go-live in the range exactly once, whatever the dates', () => {
    const day = fc.integer({ min: 0, max: 120 }).map((n) => new Date(Date.UTC(2026, 9, 26 + n)).toISOString().slice(0, 10));
    fc.assert(fc.property(fc.array(day, { maxLength: 40 }), (days) => {
      const plan = days.map((d) => c(d));
      const weeks = weeklyLoad(plan, 'channel', MONTH);
      const inRange = days.filter((d) => d >= MONTH.from && d <= MONTH.to).length;
      return weeks.reduce((n, w) => n + w.total, 0) === inRange;
    }));
  });
});

describe('weekPlacement (the strip over the Gantt)', () => {
  const march = { from: '2026-03-01', to: '2026-03-31' };

  it('places a whole week over its seven days, where the Gantt draws them', () => {
    const cell = weekPlacement('2026-03-09', march)!;
    expect(cell.leftPercent).toBeCloseTo(dayLeftPercent('2026-03-09', { start: march.from, end: march.to })!);
    expect(cell.widthPercent).toBeCloseTo((7 / 31) * 100);
  });

  it('cuts the first and last weeks to the days shown, and places none outside', () => {
    expect(weekPlacement('2026-02-23', march)).toEqual({ leftPercent: 0, widthPercent: 100 / 31 }); // Sunday 1 March only
    const last = weekPlacement('2026-03-30', march)!;
    expect(last.leftPercent + last.widthPercent).toBeCloseTo(100);
    expect(last.widthPercent).toBeCloseTo((2 / 31) * 100);
    expect(weekPlacement('2026-04-06', march)).toBeNull();
    expect(weekPlacement('2026-02-16', march)).toBeNull();
  });

  it('tiles the range: every week of weeklyLoad side by side, no gap and no overlap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 120 }), (offset, length) => {
        const from = new Date(Date.UTC(2024, 0, 1 + offset)).toISOString().slice(0, 10);
        const to = new Date(Date.UTC(2024, 0, 1 + offset + length)).toISOString().slice(0, 10);
        const cells = weeklyLoad([], 'channel', { from, to }).map((w) => weekPlacement(w.week, { from, to })!);
        let edge = 0;
        for (const c of cells) {
          expect(c.leftPercent).toBeCloseTo(edge);
          edge = c.leftPercent + c.widthPercent;
        }
        expect(edge).toBeCloseTo(100);
      }),
    );
  });
});
