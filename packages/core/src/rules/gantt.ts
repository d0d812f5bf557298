import { CHANNEL_VALUES, MULTI_CHANNEL_COLOR, channelInfo, type Channel } from '../channels';
import { LIMITS, type GanttRange } from '../constants';
import { quarterLabel, formatYmd } from '../date-format';
import {
  addMonths,
  daysBetween,
  endOfMonth,
  endOfQuarter,
  endOfYear,
  parseYmd,
  startOfMonth,
  startOfQuarter,
  startOfYear,
  type Ymd,
} from '../dates';
import type { DatedCampaign, ScheduleView } from './calendar';
import { primaryChannelFallback } from './scope';

/** Both ends included. */
export interface YmdSpan {
  start: Ymd;
  end: Ymd;
}

export interface GanttWindow extends YmdSpan {
  /** 'November 2026', 'Q4 2026' or '2026'. */
  label: string;
}

export interface BarGeometry {
  leftPercent: number;
  widthPercent: number;
  /** The bar goes on before the range start / after the range end. */
  clippedStart: boolean;
  clippedEnd: boolean;
}

export interface GanttBar<T> extends BarGeometry {
  campaign: T;
  span: YmdSpan;
}

export interface GanttGridline {
  ymd: Ymd;
  leftPercent: number;
  /** 'Nov' */
  label: string;
}

export interface ChannelRow<T> {
  channel: Channel;
  /** The Gantt's full channel label, e.g. 'Email Marketing'. */
  label: string;
  color: string;
  campaigns: T[];
}

const STEP_MONTHS: Record<GanttRange, number> = { month: 1, quarter: 3, year: 12 };

export function ganttRange(anchor: Ymd, range: GanttRange): GanttWindow {
  switch (range) {
    case 'month':
      return { start: startOfMonth(anchor), end: endOfMonth(anchor), label: formatYmd(anchor, 'MMMM yyyy') };
    case 'quarter':
      return { start: startOfQuarter(anchor), end: endOfQuarter(anchor), label: quarterLabel(anchor) };
    case 'year':
      return { start: startOfYear(anchor), end: endOfYear(anchor), label: String(parseYmd(anchor).year) };
  }
}

/** The first day of the previous/next range, so repeated steps never drift on short months. */
export function stepRange(anchor: Ymd, range: GanttRange, dir: 1 | -1): Ymd {
  return addMonths(ganttRange(anchor, range).start, STEP_MONTHS[range] * dir);
}

/**
 * Planning bars run planning start → live date, live bars live date → end date (or the
 * live date alone). The spec does not check date order, so an inverted pair is drawn
 * between its two dates instead of vanishing.
 */
export function barSpan(c: DatedCampaign, view: ScheduleView): YmdSpan {
  const [a, b] = view === 'planning' ? [c.planning_start_date, c.live_date] : [c.live_date, c.end_date ?? c.live_date];
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}

/** Bar start or end inside the range, or the bar covering the whole range (docs/product.md#day-and-bar-rules). */
export function inRange(span: YmdSpan, range: YmdSpan): boolean {
  const startsIn = span.start >= range.start && span.start <= range.end;
  const endsIn = span.end >= range.start && span.end <= range.end;
  return startsIn || endsIn || (span.start <= range.start && span.end >= range.end);
}

/**
 * Position in percent of the range, counted in whole days with both ends included (a
 * one-day bar in a 30-day month is 1/30 wide). Clipped to the range, at least the minimum
 * width, and moved left rather than overflowing the right edge. Null outside the range.
 */
export function barGeometry(span: YmdSpan, range: YmdSpan): BarGeometry | null {
  if (!inRange(span, range)) return null;
  return geometry(span, range, daysBetween(range.start, range.end) + 1, (d) => daysBetween(range.start, d));
}

/** Where a day starts, in percent of the range (0 at its first day); null outside it. */
export function dayLeftPercent(day: Ymd, range: YmdSpan): number | null {
  if (day < range.start || day > range.end) return null;
  return (daysBetween(range.start, day) / (daysBetween(range.start, range.end) + 1)) * 100;
}

/** barGeometry's arithmetic on day offsets from the range start; `span` is in range. */
function geometry(span: YmdSpan, range: YmdSpan, total: number, offset: (d: Ymd) => number): BarGeometry {
  const clippedStart = span.start < range.start;
  const clippedEnd = span.end > range.end;
  const from = clippedStart ? 0 : offset(span.start);
  const to = clippedEnd ? total - 1 : offset(span.end);
  const widthPercent = Math.min(100, Math.max(LIMITS.ganttMinBarWidthPercent, ((to - from + 1) / total) * 100));
  const leftPercent = Math.min((from / total) * 100, 100 - widthPercent);
  return { leftPercent, widthPercent, clippedStart, clippedEnd };
}

/**
 * Filter and geometry in one pass, keeping the input order. Thousands of campaigns share
 * the few dozen days of a range, so each distinct date is parsed once per call.
 */
export function layoutGantt<T extends DatedCampaign>(list: readonly T[], range: YmdSpan, view: ScheduleView): GanttBar<T>[] {
  const total = daysBetween(range.start, range.end) + 1;
  const offsets = new Map<Ymd, number>();
  const offset = (d: Ymd): number => {
    let n = offsets.get(d);
    if (n === undefined) {
      n = daysBetween(range.start, d);
      offsets.set(d, n);
    }
    return n;
  };
  const bars: GanttBar<T>[] = [];
  for (const campaign of list) {
    const span = barSpan(campaign, view);
    if (!inRange(span, range)) continue;
    const g = geometry(span, range, total, offset);
    bars.push({ campaign, span, leftPercent: g.leftPercent, widthPercent: g.widthPercent, clippedStart: g.clippedStart, clippedEnd: g.clippedEnd });
  }
  return bars;
}

/** One line at the first day of each month inside the range. */
export function monthGridlines(range: YmdSpan): GanttGridline[] {
  const total = daysBetween(range.start, range.end) + 1;
  const lines: GanttGridline[] = [];
  let month = startOfMonth(range.start);
  if (month < range.start) month = addMonths(month, 1);
  for (; month <= range.end; month = addMonths(month, 1)) {
    lines.push({ ymd: month, leftPercent: (daysBetween(range.start, month) / total) * 100, label: formatYmd(month, 'MMM') });
  }
  return lines;
}

/** A single channel's colour; several channels (or none) show light blue. */
export function barColor(channels: readonly Channel[]): string {
  const [only, ...rest] = channels;
  return only !== undefined && rest.length === 0 ? channelInfo(only).color : MULTI_CHANNEL_COLOR;
}

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const DARK_TEXT = '#0f172a';

const contrast = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
/** WCAG AA for normal text: a bar's title is small text. */
const MIN_CONTRAST = 4.5;

/** `#rrggbb` moved `amount` (0–1) of the way to black: the same hue, darker. */
const darken = (hex: string, amount: number): string =>
  `#${[1, 3, 5]
    .map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount)).toString(16).padStart(2, '0'))
    .join('')}`;

export interface BarColors {
  /** The bar's fill: the channel colour, darkened only as far as white text needs. */
  background: string;
  /** Dark slate or white, whichever contrasts more. */
  color: string;
}

/**
 * Fill and text for a bar of `#rrggbb` colour that keep 4.5:1. Mid-tone channel colours
 * (Content's violet, Website's indigo) reach it with neither dark nor white text, so their fill
 * is darkened step by step until white text does; every other colour is drawn as it is.
 */
export function barColors(channelColor: string): BarColors {
  const dark = luminance(DARK_TEXT);
  const bg = luminance(channelColor);
  if (contrast(bg, dark) >= contrast(bg, 1) && contrast(bg, dark) >= MIN_CONTRAST) return { background: channelColor, color: DARK_TEXT };
  let background = channelColor;
  for (let step = 1; contrast(luminance(background), 1) < MIN_CONTRAST && step <= 20; step++) background = darken(channelColor, step * 0.04);
  return { background, color: '#ffffff' };
}

/**
 * Rows in CHANNEL_VALUES order, only for channels that have campaigns. A campaign shows in
 * the row of each of its channels; one without channels falls back like the primary
 * channel does (docs/product.md#campaign-fields: first channel, else content) so it never disappears.
 */
export function groupByChannel<T extends { channels: readonly Channel[] }>(list: readonly T[]): ChannelRow<T>[] {
  const byChannel = new Map<Channel, T[]>();
  for (const c of list) {
    const channels = c.channels.length > 0 ? new Set(c.channels) : [primaryChannelFallback(c.channels)];
    for (const ch of channels) {
      const row = byChannel.get(ch);
      if (row) row.push(c);
      else byChannel.set(ch, [c]);
    }
  }
  const rows: ChannelRow<T>[] = [];
  for (const channel of CHANNEL_VALUES) {
    const campaigns = byChannel.get(channel);
    if (!campaigns) continue;
    const info = channelInfo(channel);
    rows.push({ channel, label: info.ganttLabel, color: info.color, campaigns });
  }
  return rows;
}
