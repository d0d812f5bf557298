import { describe, expect, it } from 'vitest';
import { describeFilter, filterLine, printChangeText, printComparisonLine, printLegend, printWeek, printedLine } from './print';

describe('the filters of a printout in words', () => {
  it('names every filter set, in the filter bar order, with the labels the screen shows', () => {
    expect(describeFilter({ q: 'launch', channel: ['email', 'social'], status: 'live', priority: 'high', scope: 'channel', owner: 'Ana' })).toEqual([
      'Channels: Email, Social Media',
      'Status: Live',
      'Priority: High',
      'Scope: Channel-only',
      'Owner: Ana',
      'Search: “launch”',
    ]);
    expect(describeFilter({ channel: 'paid' })).toEqual(['Channel: Paid Ads']);
  });

  it('says when nothing is filtered', () => {
    expect(describeFilter({})).toEqual([]);
    expect(filterLine({})).toBe('Filters: none (all campaigns)');
    expect(filterLine({ channel: ['email'], status: 'planning' })).toBe('Filters: Channel: Email · Status: Planning');
  });
});

describe('the printed line', () => {
  it('dates the printout in the product format and names who printed it', () => {
    expect(printedLine(new Date(2026, 10, 4, 9, 30), 'ana@example.com')).toBe('Printed Nov 04, 2026 by ana@example.com');
  });

  it('leaves out "by" when nobody is named', () => {
    expect(printedLine(new Date(2026, 0, 31), null)).toBe('Printed Jan 31, 2026');
  });
});

describe('the legend of a printout', () => {
  it('lists the colours used, in channel order, and the several-channels colour last', () => {
    expect(printLegend([{ channels: ['social'] }, { channels: ['email'] }, { channels: ['email', 'paid'] }, { channels: ['email'] }])).toEqual([
      { label: 'Email', color: '#3b82f6' },
      { label: 'Social Media', color: '#ec4899' },
      { label: 'Several channels', color: '#93c5fd' },
    ]);
    expect(printLegend([])).toEqual([]);
  });
});

describe('a printed calendar week', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };
  const week = ['2026-11-02', '2026-11-03', '2026-11-04'];

  it('names a campaign on its first day in the row and marks the following days as continued', () => {
    const out = printWeek(week, new Map([['2026-11-02', [a]], ['2026-11-03', [a, b]], ['2026-11-04', [b]]]));
    expect(out.get('2026-11-02')).toEqual([{ campaign: a, continued: false }]);
    expect(out.get('2026-11-03')).toEqual([{ campaign: a, continued: true }, { campaign: b, continued: false }]);
    expect(out.get('2026-11-04')).toEqual([{ campaign: b, continued: true }]);
  });

  it('names every campaign again at the start of a row and gives empty days an empty list', () => {
    const out = printWeek(week, new Map([['2026-11-02', [b]]]));
    expect(out.get('2026-11-02')).toEqual([{ campaign: b, continued: false }]);
    expect(out.get('2026-11-04')).toEqual([]);
  });
});

describe('the comparison on paper', () => {
  const then = { planning_start_date: '2026-02-05', live_date: '2026-03-10', end_date: '2026-03-20' };
  it('says what with and the summary in the header line', () => {
    expect(printComparisonLine('Q1 plan (3 Jan 2027, 09:00)', { moved: 14, added: 3, removed: 1, median_slip_days: 4 })).toBe(
      'Compared with Q1 plan (3 Jan 2027, 09:00): 14 moved, 3 added, 1 removed; median slip +4 days',
    );
    expect(printComparisonLine('a moment', { moved: 0, added: 0, removed: 0, median_slip_days: null })).toBe('Compared with a moment: No changes');
  });

  it('says each change in words, with the old dates of the view shown', () => {
    expect(printChangeText({ change: 'moved', slip_days: 6, then }, 'planning')).toBe('Moved +6 days · Was: Feb 05 – Mar 10, 2026');
    expect(printChangeText({ change: 'moved', slip_days: -1, then }, 'live')).toBe('Moved −1 day · Was: Mar 10 – Mar 20, 2026');
    expect(printChangeText({ change: 'moved', slip_days: 0, then }, 'planning')).toBe('Dates changed · Was: Feb 05 – Mar 10, 2026');
    expect(printChangeText({ change: 'removed', slip_days: null, then }, 'planning')).toBe('Removed · Was: Feb 05 – Mar 10, 2026');
    expect(printChangeText({ change: 'added', slip_days: null, then: null }, 'planning')).toBe('Added');
    expect(printChangeText({ change: 'same', slip_days: 0, then }, 'planning')).toBe('');
  });
});
