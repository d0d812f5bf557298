import { DEFAULT_GANTT_RANGE, GANTT_RANGES, type GanttRange } from '../constants';
import type { Channel } from '../channels';
import { ymdProblem } from '../dates';
import type { CampaignFilter } from '../schemas/campaign-filter';
import type { CalendarMode, ScheduleView } from './calendar';
import { campaignFilterParams } from './campaign-filter';
import { parseCampaignFilterParams, type DroppedParam } from './campaign-filter-params';

export const DASHBOARD_TABS = ['timeline', 'calendar', 'channels', 'list'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'calendar';
export const SCHEDULE_MODES = ['planning', 'live'] as const satisfies readonly ScheduleView[];
const CALENDAR_RANGES = ['week', 'month'] as const satisfies readonly CalendarMode[];

/** Which ranges a tab offers: the calendar's week/month, the timeline's month/quarter/year. */
export function rangesOf(tab: DashboardTab): readonly string[] {
  return tab === 'calendar' ? CALENDAR_RANGES : tab === 'timeline' ? GANTT_RANGES : [];
}

/** The range a tab opens at when its link names none: the calendar's month, the timeline's quarter (docs/product.md). */
export function defaultRangeOf(tab: DashboardTab): CalendarMode | GanttRange | undefined {
  return tab === 'calendar' ? 'month' : tab === 'timeline' ? DEFAULT_GANTT_RANGE : undefined;
}

/** The range each tab was last shown at during this visit (a tab not yet visited is absent). */
export type RangesByTab = Partial<Record<DashboardTab, DashboardView['range']>>;

/**
 * The view after a change (docs/adr/0065): a range belongs to its tab, so choosing another tab
 * shows that tab's own range (the one it had earlier in the visit, else its default), never the
 * range of the tab left behind; a range equal to the tab's default is left out of the link.
 * `ranges` is what each tab showed so far, the current view included.
 */
export function nextDashboardView(view: DashboardView, patch: Partial<DashboardView>, ranges: RangesByTab = {}): DashboardView {
  const next: DashboardView = { ...view, ...patch };
  if (patch.tab !== undefined && patch.tab !== view.tab && !('range' in patch)) {
    const kept = ranges[patch.tab];
    if (kept) next.range = kept;
    else delete next.range;
  }
  if (next.range && (!rangesOf(next.tab).includes(next.range) || next.range === defaultRangeOf(next.tab))) delete next.range;
  return next;
}

/**
 * What a dashboard shows (docs/adr/0029): the tab, planning or live, the range and day of the
 * calendar or timeline, and the filters. Unset fields are the widgets' defaults (today, the
 * calendar's month, the timeline's quarter), so a link states only what differs.
 */
export interface DashboardView {
  tab: DashboardTab;
  mode: ScheduleView;
  range?: CalendarMode | GanttRange;
  date?: string;
  filter: CampaignFilter;
}

export interface DashboardViewOptions {
  /** The tabs this dashboard has (a channel's has no Channels tab). */
  tabs?: readonly DashboardTab[];
  /** A channel dashboard shows its channel: a `channel` filter does not apply there. */
  channel?: Channel;
}

const VIEW_KEYS = ['tab', 'mode', 'range', 'date'] as const;
/**
 * A campaign's dialog opened over the dashboard (rules/notifications.ts campaignHref), or a saved
 * baseline it opens compared with (Settings → Baselines, docs/adr/0063): not the view's, so
 * neither kept nor dropped.
 */
const DIALOG_KEYS: readonly string[] = ['campaign', 'campaign_tab', 'compare'];

/**
 * A dashboard link's view. Every parameter is checked on its own: one that is bad, repeated, does
 * not apply to the tab, or is unknown is dropped and reported (the page says so), never thrown.
 * `view` is read as `tab` (links from before saved views, docs/adr/0032, used it).
 */
export function parseDashboardView(search: string | URLSearchParams, options: DashboardViewOptions = {}): { view: DashboardView; dropped: DroppedParam[] } {
  const tabs = options.tabs ?? DASHBOARD_TABS;
  const params = new URLSearchParams(search);
  if (params.has('view') && !params.has('tab')) {
    params.set('tab', params.get('view')!);
    params.delete('view');
  }
  const { filter, dropped, rest } = parseCampaignFilterParams(params);
  if (options.channel && filter.channel) {
    dropped.push({ param: 'channel', value: [...(filter.channel as Channel[])].join(','), reason: 'This dashboard shows one channel' });
    delete filter.channel;
  }
  const raw: Partial<Record<(typeof VIEW_KEYS)[number], string>> = {};
  for (const [param, value] of rest) {
    if (DIALOG_KEYS.includes(param)) continue;
    if (!(VIEW_KEYS as readonly string[]).includes(param)) dropped.push({ param, value, reason: 'Unknown parameter' });
    else if (raw[param as keyof typeof raw] !== undefined) dropped.push({ param, value, reason: 'Given twice; the first is kept' });
    else raw[param as keyof typeof raw] = value;
  }
  const view: DashboardView = { tab: DEFAULT_DASHBOARD_TAB, mode: 'planning', filter };
  const drop = (param: string, reason: string) => dropped.push({ param, value: raw[param as keyof typeof raw]!, reason });
  if (raw.tab !== undefined) {
    if ((tabs as readonly string[]).includes(raw.tab)) view.tab = raw.tab as DashboardTab;
    else drop('tab', `Must be one of: ${tabs.join(', ')}`);
  }
  if (raw.mode !== undefined) {
    if ((SCHEDULE_MODES as readonly string[]).includes(raw.mode)) view.mode = raw.mode as ScheduleView;
    else drop('mode', `Must be one of: ${SCHEDULE_MODES.join(', ')}`);
  }
  if (raw.range !== undefined) {
    const ranges = rangesOf(view.tab);
    if (ranges.includes(raw.range)) view.range = raw.range as DashboardView['range'];
    else drop('range', ranges.length ? `Must be one of: ${ranges.join(', ')} on this tab` : 'Only the calendar and timeline have a range');
  }
  if (raw.date !== undefined) {
    const problem = ymdProblem(raw.date);
    if (problem) drop('date', problem);
    else view.date = raw.date;
  }
  return { view, dropped };
}

/**
 * The query string of a view, defaults left out, in a fixed order (tab, mode, range, date, then the
 * filters): the same view always gives the same link, and a saved view can store it as is.
 */
export function dashboardViewSearch(view: DashboardView): string {
  const pairs: Array<[string, string]> = [];
  if (view.tab !== DEFAULT_DASHBOARD_TAB) pairs.push(['tab', view.tab]);
  if (view.mode !== 'planning') pairs.push(['mode', view.mode]);
  if (view.range && rangesOf(view.tab).includes(view.range)) pairs.push(['range', view.range]);
  if (view.date) pairs.push(['date', view.date]);
  pairs.push(...campaignFilterParams(view.filter));
  // Commas stay readable in a link: `channel=email,social`.
  return new URLSearchParams(pairs).toString().replace(/%2C/g, ',');
}
