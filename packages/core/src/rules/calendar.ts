import type { Channel } from '../channels';
import { LIMITS } from '../constants';
import { endOfWeek, monthGrid, startOfWeek, type Ymd } from '../dates';

/** The date fields the day and bar rules read (docs/product.md#day-and-bar-rules). */
export interface DatedCampaign {
  planning_start_date: Ymd;
  live_date: Ymd;
  end_date?: Ymd | null;
}

/** Planning Timeline or Live Schedule. */
export type ScheduleView = 'planning' | 'live';
export type CalendarMode = 'month' | 'week';

export interface CellOverflow<T> {
  visible: T[];
  hiddenCount: number;
  /** '+N more campaigns', or null when nothing is hidden. */
  moreLabel: string | null;
}

// All comparisons below are on Ymd strings: their lexical order is chronological.

export function isOnPlanningDay(c: DatedCampaign, day: Ymd): boolean {
  return c.planning_start_date <= day && day < c.live_date;
}

export function isOnLiveDay(c: DatedCampaign, day: Ymd): boolean {
  return c.live_date <= day && (!c.end_date || day <= c.end_date);
}

export function isOnDay(c: DatedCampaign, day: Ymd, view: ScheduleView): boolean {
  return view === 'planning' ? isOnPlanningDay(c, day) : isOnLiveDay(c, day);
}

export function campaignsOnDay<T extends DatedCampaign>(list: readonly T[], day: Ymd, view: ScheduleView): T[] {
  return list.filter((c) => isOnDay(c, day, view));
}

function lowerBound(sorted: readonly Ymd[], value: Ymd): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Campaigns per visible day in one pass over the campaigns: each one only visits the
 * visible days inside its own span, found by binary search, so 5,000 campaigns on a
 * 42-day grid cost at most 5,000 × (log 42 + span) steps. Every day of `days` gets an
 * entry (possibly empty) and campaigns keep their input order within a day.
 */
export function bucketByDay<T extends DatedCampaign>(list: readonly T[], days: readonly Ymd[], view: ScheduleView): Map<Ymd, T[]> {
  const buckets = new Map<Ymd, T[]>();
  for (const day of days) buckets.set(day, []);
  const sorted = [...buckets.keys()].sort();
  const rows = sorted.map((day) => buckets.get(day) ?? []);
  for (const c of list) {
    const first = view === 'planning' ? c.planning_start_date : c.live_date;
    for (let i = lowerBound(sorted, first); i < sorted.length; i++) {
      const day = sorted[i] ?? '';
      if (view === 'planning' ? day >= c.live_date : !!c.end_date && day > c.end_date) break;
      rows[i]?.push(c);
    }
  }
  return buckets;
}

function overflow<T>(items: readonly T[], max: number): CellOverflow<T> {
  const hiddenCount = Math.max(0, items.length - max);
  return { visible: items.slice(0, max), hiddenCount, moreLabel: hiddenCount > 0 ? `+${hiddenCount} more campaigns` : null };
}

/** 2 chips in a month cell, 4 in a week cell (docs/product.md#constants); the label stays plural as the spec writes it. */
export function cellOverflow<T>(items: readonly T[], mode: CalendarMode): CellOverflow<T> {
  return overflow(items, mode === 'month' ? LIMITS.monthCellCampaigns : LIMITS.weekCellCampaigns);
}

/**
 * Keeps the first 15 (month) or 25 (week) characters and appends '…' only when something
 * was cut, so the ellipsis never eats into the characters the spec promises. Counts code
 * points so an emoji is never split in half.
 */
export function truncateTitle(title: string, mode: CalendarMode): string {
  const max = mode === 'month' ? LIMITS.monthChipTitleLength : LIMITS.weekChipTitleLength;
  const chars = Array.from(title);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : title;
}

export interface DayDialogChannels {
  shown: Channel[];
  more: number;
  /** '+N more', or null when every channel is shown. */
  moreLabel: string | null;
}

export function dayDialogChannels(channels: readonly Channel[]): DayDialogChannels {
  const more = Math.max(0, channels.length - LIMITS.dayDialogChannels);
  return { shown: channels.slice(0, LIMITS.dayDialogChannels), more, moreLabel: more > 0 ? `+${more} more` : null };
}

/** The spec's 'N campaign(s)' spelled out. */
const COUNT = new Intl.NumberFormat('en-US');

/** A count as the UI shows it, with thousands separators: 10000 → '10,000'. */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

export function campaignCountLabel(n: number): string {
  return n === 1 ? '1 campaign' : `${formatCount(n)} campaigns`;
}

/** The first and last day drawn, so only that window is fetched. */
export function visibleWindow(anchor: Ymd, mode: CalendarMode): { from: Ymd; to: Ymd } {
  if (mode === 'week') return { from: startOfWeek(anchor), to: endOfWeek(anchor) };
  const weeks = monthGrid(anchor);
  return { from: weeks[0]?.[0] ?? anchor, to: weeks[weeks.length - 1]?.[6] ?? anchor };
}
