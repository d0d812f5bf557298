import { describe, expect, it } from 'vitest';
import { CHANNELS, MULTI_CHANNEL_COLOR, type Channel } from '../channels';
import { addDays } from '../dates';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { barColor, barGeometry, barSpan, dayLeftPercent, ganttRange, groupByChannel, inRange, layoutGantt, monthGridlines, stepRange, barColors } from './gantt';

const NOV_2026 = { start: '2026-11-01', end: '2026-11-30' };

describe.each(TEST_ZONES)('gantt rules in TZ=%s', (zone) => {
  useTimeZone(zone);

  describe('ganttRange', () => {
    it('should give month, quarter and year ranges with labels', () => {
      expect(ganttRange('2026-11-16', 'month')).toEqual({ start: '2026-11-01', end: '2026-11-30', label: 'November 2026' });
      expect(ganttRange('2026-11-16', 'quarter')).toEqual({ start: '2026-10-01', end: '2026-12-31', label: 'Q4 2026' });
      expect(ganttRange('2026-11-16', 'year')).toEqual({ start: '2026-01-01', end: '2026-12-31', label: '2026' });
      expect(ganttRange('2028-02-03', 'month').end).toBe('2028-02-29');
    });
  });

  describe('stepRange', () => {
    it('should move by 1 month, 3 months or 1 year', () => {
      expect(stepRange('2026-11-16', 'month', 1)).toBe('2026-12-01');
      expect(stepRange('2026-12-31', 'month', 1)).toBe('2027-01-01');
      expect(stepRange('2026-01-31', 'month', -1)).toBe('2025-12-01');
      expect(stepRange('2026-11-16', 'quarter', 1)).toBe('2027-01-01');
      expect(stepRange('2026-02-15', 'quarter', -1)).toBe('2025-10-01');
      expect(stepRange('2028-02-29', 'year', 1)).toBe('2029-01-01');
      expect(stepRange('2026-06-01', 'year', -1)).toBe('2025-01-01');
    });

    it('should not drift on short months', () => {
      let anchor = '2026-01-31';
      for (let i = 0; i < 3; i++) anchor = stepRange(anchor, 'month', 1);
      expect(ganttRange(anchor, 'month').label).toBe('April 2026');
    });
  });

  describe('barSpan', () => {
    it('should span planning start to live date in planning view', () => {
      expect(barSpan({ planning_start_date: '2026-10-01', live_date: '2026-11-05', end_date: null }, 'planning')).toEqual({ start: '2026-10-01', end: '2026-11-05' });
    });

    it('should span live to end date, or the live date alone, in live view', () => {
      expect(barSpan({ planning_start_date: '2026-10-01', live_date: '2026-11-05', end_date: '2026-12-01' }, 'live')).toEqual({ start: '2026-11-05', end: '2026-12-01' });
      expect(barSpan({ planning_start_date: '2026-10-01', live_date: '2026-11-05', end_date: null }, 'live')).toEqual({ start: '2026-11-05', end: '2026-11-05' });
      expect(barSpan({ planning_start_date: '2026-10-01', live_date: '2026-11-05' }, 'live')).toEqual({ start: '2026-11-05', end: '2026-11-05' });
    });

    it('should order inverted dates', () => {
      expect(barSpan({ planning_start_date: '2026-11-20', live_date: '2026-11-05' }, 'planning')).toEqual({ start: '2026-11-05', end: '2026-11-20' });
    });
  });

  describe('inRange', () => {
    it('should keep bars starting, ending or covering the range', () => {
      expect(inRange({ start: '2026-11-10', end: '2027-01-05' }, NOV_2026)).toBe(true);
      expect(inRange({ start: '2026-10-01', end: '2026-11-01' }, NOV_2026)).toBe(true);
      expect(inRange({ start: '2026-10-01', end: '2027-01-01' }, NOV_2026)).toBe(true);
      expect(inRange({ start: '2026-11-30', end: '2026-11-30' }, NOV_2026)).toBe(true);
    });

    it('should drop bars entirely before or after', () => {
      expect(inRange({ start: '2026-10-01', end: '2026-10-31' }, NOV_2026)).toBe(false);
      expect(inRange({ start: '2026-12-01', end: '2026-12-02' }, NOV_2026)).toBe(false);
    });
  });

  describe('barGeometry', () => {
    it('should measure days with the end day included', () => {
      const g = barGeometry({ start: '2026-11-01', end: '2026-11-15' }, NOV_2026);
      expect(g?.leftPercent).toBe(0);
      expect(g?.widthPercent).toBeCloseTo(50);
    });

    it('should make a one-day bar 1/30 of a 30-day month', () => {
      const g = barGeometry({ start: '2026-11-16', end: '2026-11-16' }, NOV_2026);
      expect(g?.leftPercent).toBeCloseTo(50);
      expect(g?.widthPercent).toBeCloseTo(100 / 30);
    });

    it('should clip at both sides', () => {
      expect(barGeometry({ start: '2026-10-01', end: '2027-01-01' }, NOV_2026)).toEqual({ leftPercent: 0, widthPercent: 100, clippedStart: true, clippedEnd: true });
      const left = barGeometry({ start: '2026-10-20', end: '2026-11-03' }, NOV_2026);
      expect(left).toMatchObject({ leftPercent: 0, clippedStart: true, clippedEnd: false });
      expect(left?.widthPercent).toBeCloseTo(10);
      const right = barGeometry({ start: '2026-11-28', end: '2026-12-20' }, NOV_2026);
      expect(right?.leftPercent).toBeCloseTo(90);
      expect(right?.widthPercent).toBeCloseTo(10);
      expect(right).toMatchObject({ clippedStart: false, clippedEnd: true });
    });

    it('should keep the minimum width and stay inside at the range end', () => {
      const year = ganttRange('2026-06-01', 'year');
      const last = barGeometry({ start: '2026-12-31', end: '2026-12-31' }, year);
      expect(last?.widthPercent).toBe(2);
      expect(last?.leftPercent).toBe(98);
      const first = barGeometry({ start: '2026-01-01', end: '2026-01-01' }, year);
      expect(first).toMatchObject({ leftPercent: 0, widthPercent: 2 });
    });

    it('should size bars over a leap February', () => {
      const g = barGeometry({ start: '2028-02-29', end: '2028-02-29' }, ganttRange('2028-02-01', 'month'));
      expect(g?.leftPercent).toBeCloseTo((28 / 29) * 100);
      expect(g?.widthPercent).toBeCloseTo(100 / 29);
    });

    it('should be null outside the range', () => {
      expect(barGeometry({ start: '2026-12-01', end: '2026-12-05' }, NOV_2026)).toBeNull();
    });
  });

  describe('layoutGantt', () => {
    it('should filter and place bars in one pass, in input order', () => {
      const list = [
        { id: 'out', planning_start_date: '2026-08-01', live_date: '2026-09-01', end_date: '2026-09-30' },
        { id: 'ongoing', planning_start_date: '2026-09-01', live_date: '2026-10-15', end_date: null },
        { id: 'in', planning_start_date: '2026-11-01', live_date: '2026-11-10', end_date: '2026-11-12' },
      ];
      expect(layoutGantt(list, NOV_2026, 'live').map((b) => b.campaign.id)).toEqual(['in']);
      const planning = layoutGantt(list, NOV_2026, 'planning');
      expect(planning.map((b) => b.campaign.id)).toEqual(['in']);
      expect(planning[0]).toMatchObject({ span: { start: '2026-11-01', end: '2026-11-10' }, leftPercent: 0 });
      expect(layoutGantt(list, ganttRange('2026-10-01', 'quarter'), 'live').map((b) => b.campaign.id)).toEqual(['ongoing', 'in']);
    });

    it('should place every bar exactly where barGeometry does', () => {
      // Dates before, inside and after a quarter, each reused by many campaigns (layoutGantt
      // parses each distinct date once).
      const days = Array.from({ length: 140 }, (_, i) => addDays('2026-09-10', i));
      const pick = (i: number) => days[(i * 37 + 11) % days.length]!;
      const list = Array.from({ length: 400 }, (_, i) => ({ id: String(i), planning_start_date: pick(i), live_date: pick(i * 7 + 3), end_date: i % 4 === 0 ? null : pick(i * 13 + 5) }));
      const quarter = ganttRange('2026-11-15', 'quarter');
      for (const view of ['planning', 'live'] as const) {
        const expected = list.flatMap((c) => {
          const span = barSpan(c, view);
          const g = barGeometry(span, quarter);
          return g ? [{ campaign: c, span, ...g }] : [];
        });
        expect(expected.length).toBeGreaterThan(50);
        expect(expected.length).toBeLessThan(list.length);
        expect(layoutGantt(list, quarter, view)).toEqual(expected);
      }
    });

    it('should still refuse an impossible date', () => {
      const bad = [{ planning_start_date: '2026-11-31', live_date: '2026-12-02', end_date: null }];
      expect(() => layoutGantt(bad, ganttRange('2026-11-15', 'quarter'), 'planning')).toThrow(RangeError);
    });
  });

  describe('monthGridlines', () => {
    it('should draw one line per month of a quarter', () => {
      const lines = monthGridlines(ganttRange('2026-11-16', 'quarter'));
      expect(lines.map((l) => [l.ymd, l.label])).toEqual([
        ['2026-10-01', 'Oct'],
        ['2026-11-01', 'Nov'],
        ['2026-12-01', 'Dec'],
      ]);
      expect(lines[0]?.leftPercent).toBe(0);
      expect(lines[1]?.leftPercent).toBeCloseTo((31 / 92) * 100);
    });

    it('should draw twelve lines for a year and one for a month', () => {
      expect(monthGridlines(ganttRange('2028-05-05', 'year'))).toHaveLength(12);
      expect(monthGridlines(NOV_2026)).toEqual([{ ymd: '2026-11-01', leftPercent: 0, label: 'Nov' }]);
    });

    it('should skip a month start before a range that starts mid-month', () => {
      expect(monthGridlines({ start: '2026-11-15', end: '2026-12-14' }).map((l) => l.ymd)).toEqual(['2026-12-01']);
    });
  });

  describe('barColor', () => {
    it('should use the channel colour for one channel', () => {
      expect(barColor(['seo'])).toBe(CHANNELS.find((c) => c.value === 'seo')?.color);
    });

    it('should use light blue for several channels or none', () => {
      expect(barColor(['seo', 'email'])).toBe(MULTI_CHANNEL_COLOR);
      expect(barColor([])).toBe(MULTI_CHANNEL_COLOR);
    });
  });

  describe('groupByChannel', () => {
    it('should give rows in channel order with multi-channel campaigns in each row', () => {
      const list: Array<{ id: string; channels: Channel[] }> = [
        { id: 'a', channels: ['seo', 'email'] },
        { id: 'b', channels: ['email'] },
        { id: 'c', channels: ['industry-publications'] },
        { id: 'd', channels: ['pr', 'pr'] },
      ];
      const rows = groupByChannel(list);
      expect(rows.map((r) => [r.channel, r.campaigns.map((c) => c.id)])).toEqual([
        ['email', ['a', 'b']],
        ['seo', ['a']],
        ['pr', ['d']],
        ['industry-publications', ['c']],
      ]);
      expect(rows[0]).toMatchObject({ label: 'Email Marketing', color: '#3b82f6' });
    });

    it('should put a campaign without channels in the fallback row', () => {
      expect(groupByChannel([{ channels: [] }]).map((r) => r.channel)).toEqual(['content']);
    });
  });
});

describe('barColors', () => {
  const ratio = (a: string, b: string) => {
    const lum = (hex: string) => {
      const [r, g, b2] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
    };
    const [x, y] = [lum(a), lum(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };

  it('should keep 4.5:1 between the title and the bar for every channel colour and the multi-channel colour', () => {
    for (const color of [...CHANNELS.map((c) => c.color), MULTI_CHANNEL_COLOR]) {
      const bar = barColors(color);
      expect(ratio(bar.background, bar.color), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('should draw a colour as it is when dark or white text already reads on it', () => {
    expect(barColors('#64748b')).toEqual({ background: '#64748b', color: '#ffffff' }); // Internal: dark text would be 3.8:1
    expect(barColors('#eab308')).toEqual({ background: '#eab308', color: '#0f172a' });
    expect(barColors('#93c5fd')).toEqual({ background: '#93c5fd', color: '#0f172a' });
  });

  it('should darken Content and Website only as far as white text needs', () => {
    for (const color of ['#8b5cf6', '#6366f1']) {
      const bar = barColors(color);
      expect(bar.color).toBe('#ffffff');
      expect(bar.background).not.toBe(color);
      expect(ratio(bar.background, '#ffffff')).toBeLessThan(5.5); // still the channel's hue, not near-black
    }
  });
});

describe('dayLeftPercent', () => {
  const march = { start: '2026-03-01', end: '2026-03-31' };
  it('is 0 on the first day and (n-1)/n on the last, counted in whole days', () => {
    expect(dayLeftPercent('2026-03-01', march)).toBe(0);
    expect(dayLeftPercent('2026-03-31', march)).toBeCloseTo((30 / 31) * 100);
  });
  it('is null outside the range', () => {
    expect(dayLeftPercent('2026-02-28', march)).toBeNull();
    expect(dayLeftPercent('2026-04-01', march)).toBeNull();
  });
});
