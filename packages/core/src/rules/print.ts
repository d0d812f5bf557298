import { CHANNELS, MULTI_CHANNEL_COLOR, channelInfo, type Channel } from '../channels';
import { DATE_FORMATS } from '../constants';
import { formatYmd } from '../date-format';
import { todayYmd, type Ymd } from '../dates';
import type { CampaignFilter } from '../schemas/campaign-filter';
import { compareSummaryText, type ComparedCampaign, type CompareSummary } from './baselines';
import type { ScheduleView } from './calendar';
import { filterChannels } from './campaign-filter';
import { barSpan } from './gantt';
import { priorityLabel, statusLabel } from './status';

// The printout's header (docs/adr/0033): what a reader of the paper needs to know that the
// screen showed around the chart. Free of zod, like the filter rules: the widgets import it.

const SCOPE_WORDS = { global: 'Global', channel: 'Channel-only' } as const;

/** The active filters in words, one phrase each, in the filter bar's order; empty when none is set. */
export function describeFilter(filter: CampaignFilter): string[] {
  const words: string[] = [];
  const channels = filterChannels(filter);
  if (channels.length) words.push(`${channels.length > 1 ? 'Channels' : 'Channel'}: ${channels.map((c) => channelInfo(c).label).join(', ')}`);
  if (filter.status) words.push(`Status: ${statusLabel(filter.status)}`);
  if (filter.priority) words.push(`Priority: ${priorityLabel(filter.priority)}`);
  if (filter.scope) words.push(`Scope: ${SCOPE_WORDS[filter.scope]}`);
  if (filter.owner) words.push(`Owner: ${filter.owner}`);
  if (filter.q) words.push(`Search: “${filter.q}”`);
  return words;
}

/** The filter line of a printout: "Filters: Channel: Email · Status: Live", or that every campaign is shown. */
export function filterLine(filter: CampaignFilter): string {
  const words = describeFilter(filter);
  return words.length ? `Filters: ${words.join(' · ')}` : 'Filters: none (all campaigns)';
}

/** "Printed Nov 24, 2026 by ana@example.com"; without a user (an embed's access key without a name), no "by". */
export function printedLine(now: Date, by?: string | null): string {
  const date = formatYmd(todayYmd(now), DATE_FORMATS.long);
  return by ? `Printed ${date} by ${by}` : `Printed ${date}`;
}

export interface LegendEntry {
  label: string;
  color: string;
}

/**
 * The colours a printout uses, in the channels' order: each channel a single-channel campaign
 * runs on, then the multi-channel colour when a campaign runs on several (barColor's rule).
 */
export function printLegend(campaigns: ReadonlyArray<{ channels: readonly Channel[] }>): LegendEntry[] {
  const single = new Set<Channel>();
  let multi = false;
  for (const c of campaigns) {
    if (c.channels.length === 1) single.add(c.channels[0]!);
    else multi = true;
  }
  const entries: LegendEntry[] = CHANNELS.filter((c) => single.has(c.value)).map((c) => ({ label: c.label, color: c.color }));
  if (multi) entries.push({ label: 'Several channels', color: MULTI_CHANNEL_COLOR });
  return entries;
}

export interface PrintDayEntry<T> {
  campaign: T;
  /** Already named earlier in the same week row: printed as a thin bar, not its title again. */
  continued: boolean;
}

/**
 * A printed calendar week: every campaign of a day, its title in full on the first day it shows
 * in the row and a continuation mark on the following days, so a three-week campaign is named
 * once a week instead of on every day (the screen's chip per day would fill the page).
 */
export function printWeek<T extends { id: string }>(week: readonly Ymd[], buckets: ReadonlyMap<Ymd, readonly T[]>): Map<Ymd, Array<PrintDayEntry<T>>> {
  const out = new Map<Ymd, Array<PrintDayEntry<T>>>();
  let before = new Set<string>();
  for (const day of week) {
    const list = buckets.get(day) ?? [];
    out.set(day, list.map((campaign) => ({ campaign, continued: before.has(campaign.id) })));
    before = new Set(list.map((c) => c.id));
  }
  return out;
}

/**
 * The comparison on paper (docs/adr/0063): the header's line, e.g. "Compared with Q1 plan
 * (Jan 03, 2027 09:00 UTC): 14 moved, 3 added, 1 removed; median slip +4 days".
 */
export function printComparisonLine(withLabel: string, summary: CompareSummary): string {
  return `Compared with ${withLabel}: ${compareSummaryText(summary)}`;
}

/**
 * A campaign's change in a printed row, in words (paper has no colour to lean on and no hover):
 * "Added", "Moved +2 days · Was: Feb 01 – Mar 02, 2026", "Removed · Was: …"; empty when unchanged.
 */
export function printChangeText(c: Pick<ComparedCampaign, 'change' | 'slip_days' | 'then'>, view: ScheduleView): string {
  if (c.change === 'added') return 'Added';
  if ((c.change !== 'moved' && c.change !== 'removed') || !c.then) return '';
  const span = barSpan(c.then, view);
  const was = `Was: ${formatYmd(span.start, 'MMM dd')} – ${formatYmd(span.end, 'MMM dd, yyyy')}`;
  if (c.change === 'removed') return `Removed · ${was}`;
  const slip = c.slip_days ? `Moved ${c.slip_days > 0 ? '+' : '−'}${Math.abs(c.slip_days)} day${Math.abs(c.slip_days) === 1 ? '' : 's'}` : 'Dates changed';
  return `${slip} · ${was}`;
}
