import { describe, expect, it } from 'vitest';
import { dashboardViewSearch, nextDashboardView, parseDashboardView, type DashboardView } from './dashboard-view';

describe('parseDashboardView', () => {
  it('reads the issue’s example link whole', () => {
    const { view, dropped } = parseDashboardView('?tab=calendar&mode=live&range=month&date=2026-11-01&channel=email,social&status=live&q=launch');
    expect(dropped).toEqual([]);
    expect(view).toEqual({
      tab: 'calendar',
      mode: 'live',
      range: 'month',
      date: '2026-11-01',
      filter: { channel: ['email', 'social'], status: 'live', q: 'launch' },
    });
  });

  it('gives the defaults for an empty link', () => {
    expect(parseDashboardView('')).toEqual({ view: { tab: 'calendar', mode: 'planning', filter: {} }, dropped: [] });
  });

  it('drops bad and unknown parameters with a reason and keeps the rest', () => {
    const { view, dropped } = parseDashboardView('tab=gantt&mode=later&date=2026-02-30&status=live&utm_source=mail&range=week');
    expect(view).toEqual({ tab: 'calendar', mode: 'planning', range: 'week', filter: { status: 'live' } });
    expect(dropped.map((d) => [d.param, d.value])).toEqual([
      ['utm_source', 'mail'],
      ['tab', 'gantt'],
      ['mode', 'later'],
      ['date', '2026-02-30'],
    ]);
    expect(dropped.every((d) => d.reason.length > 0)).toBe(true);
  });

  it('keeps a range only where the tab has it', () => {
    expect(parseDashboardView('tab=timeline&range=quarter').view.range).toBe('quarter');
    const calendar = parseDashboardView('tab=calendar&range=quarter');
    expect(calendar.view.range).toBeUndefined();
    expect(calendar.dropped[0]).toMatchObject({ param: 'range', reason: expect.stringContaining('week, month') });
    expect(parseDashboardView('tab=list&range=month').dropped[0]?.param).toBe('range');
  });

  it('knows the tabs and channel of a channel dashboard', () => {
    const { view, dropped } = parseDashboardView('tab=channels&channel=social&q=x', { tabs: ['timeline', 'calendar', 'list'], channel: 'email' });
    expect(view).toMatchObject({ tab: 'calendar', filter: { q: 'x' } });
    expect(dropped.map((d) => d.param).sort()).toEqual(['channel', 'tab']);
  });

  it('reads the older ?view= as the tab', () => {
    expect(parseDashboardView('view=list').view.tab).toBe('list');
  });

  it('never throws, whatever the link', () => {
    for (const search of ['%E0%A4%A', 'channel=&q=', '&&&=', 'date=99999-01-01', `q=${'x'.repeat(500)}`]) {
      expect(() => parseDashboardView(search)).not.toThrow();
    }
  });
});

describe('dashboardViewSearch', () => {
  it('writes only what differs from the defaults, in a fixed order, and reads back the same view', () => {
    const view = parseDashboardView('q=launch&status=live&channel=social,email&date=2026-11-01&range=month&mode=live&tab=calendar').view;
    const search = dashboardViewSearch(view);
    expect(search).toBe('mode=live&range=month&date=2026-11-01&channel=social,email&status=live&q=launch');
    expect(parseDashboardView(search).view).toEqual(view);
    expect(dashboardViewSearch({ tab: 'calendar', mode: 'planning', filter: {} })).toBe('');
  });

  it('leaves out a range the tab does not have', () => {
    expect(dashboardViewSearch({ tab: 'list', mode: 'planning', range: 'month', filter: {} })).toBe('tab=list');
  });
});

describe('nextDashboardView (each tab keeps its own range)', () => {
  const calendar: DashboardView = { tab: 'calendar', mode: 'planning', filter: {} };

  it('should open the timeline at its own default after Week then Month on the calendar', () => {
    const week = nextDashboardView(calendar, { range: 'week' });
    expect(week.range).toBe('week');
    const month = nextDashboardView(week, { range: 'month' });
    // Month is the calendar's default: left out of the link.
    expect(month.range).toBeUndefined();
    const timeline = nextDashboardView(month, { tab: 'timeline' }, { calendar: 'month' });
    expect(timeline).toEqual({ tab: 'timeline', mode: 'planning', filter: {} });
    expect(dashboardViewSearch(timeline)).toBe('tab=timeline');
  });

  it('should not carry a link to the calendar’s month into the Gantt', () => {
    const { view } = parseDashboardView('range=month&date=2026-11-01');
    const timeline = nextDashboardView(view, { tab: 'timeline' }, { calendar: 'month' });
    expect(timeline.range).toBeUndefined();
    expect(timeline.date).toBe('2026-11-01');
  });

  it('should give a tab back the range it had earlier in the visit', () => {
    const ranges = { calendar: 'week', timeline: 'month' } as const;
    const back = nextDashboardView({ tab: 'timeline', mode: 'live', range: 'month', filter: {} }, { tab: 'calendar' }, ranges);
    expect(back).toEqual({ tab: 'calendar', mode: 'live', range: 'week', filter: {} });
    expect(nextDashboardView(back, { tab: 'timeline' }, ranges).range).toBe('month');
  });

  it('should take a range given with the tab, and drop one the tab does not have', () => {
    expect(nextDashboardView(calendar, { tab: 'timeline', range: 'year' }, { timeline: 'month' }).range).toBe('year');
    expect(nextDashboardView(calendar, { tab: 'list' }, { list: 'week' }).range).toBeUndefined();
    expect(nextDashboardView({ ...calendar, range: 'week' }, { tab: 'list' }).range).toBeUndefined();
  });

  it('should neither keep nor drop what opens over the view: a campaign, or a baseline to compare with', () => {
    const { view, dropped } = parseDashboardView('tab=timeline&campaign=abc&campaign_tab=tasks&compare=def');
    expect(dropped).toEqual([]);
    expect(view).toEqual({ tab: 'timeline', mode: 'planning', filter: {} });
  });

  it('should keep the range when something else changes', () => {
    expect(nextDashboardView({ tab: 'timeline', mode: 'planning', range: 'year', filter: {} }, { filter: { status: 'live' } }).range).toBe('year');
  });
});
