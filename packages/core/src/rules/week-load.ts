import { channelInfo } from '../channels';
import type { Ymd } from '../dates';
import { LOAD_RULE_KINDS, dayFromNumber, dayNumber, periodStart, type DateRange, type PlannedCampaign, type RuleViolation } from './planning-rules';

/**
 * The load strip over the calendar and the Gantt (issue 34, docs/adr/0062): go-lives a week,
 * counted by channel or by owner. Pure and zod-free; the strip's code loads only when switched on.
 */

export type LoadBy = 'channel' | 'owner';

/** What the strip can count by, in the order its menu offers them. */
export const LOAD_BY: readonly LoadBy[] = ['channel', 'owner'];

export interface WeekLoad {
  /** The week's Monday. */
  readonly week: Ymd;
  /** Go-lives in the week (a campaign on two channels counts once here, once in each channel). */
  readonly total: number;
  /** The week's go-lives by channel or owner, most first, then by name. */
  readonly groups: ReadonlyArray<{ readonly name: string; readonly count: number }>;
  /** A load rule (per channel, audience or owner; a day's or a week's) is broken by a go-live in the week. */
  readonly over: boolean;
}

/** Whose a go-live is, in words: its channels' labels, or its owner ("No owner" without one). */
function groupNames(c: PlannedCampaign, by: LoadBy): string[] {
  if (by === 'owner') return [c.owner?.trim() || 'No owner'];
  return c.channels.map((ch) => channelInfo(ch).label);
}

/**
 * Each week (Monday first) touching `range`, with its go-lives from `campaigns` counted by `by`,
 * marked `over` when one of `violations` of a load rule falls in it.
 */
export function weeklyLoad(campaigns: readonly PlannedCampaign[], by: LoadBy, range: DateRange, violations: readonly RuleViolation[] = []): WeekLoad[] {
  const first = dayNumber(periodStart(range.from, 'week'));
  const last = dayNumber(range.to);
  const weeks: Array<{ week: Ymd; total: number; groups: Map<string, number>; over: boolean }> = [];
  for (let n = first; n <= last; n += 7) weeks.push({ week: dayFromNumber(n), total: 0, groups: new Map(), over: false });
  const at = (ymd: Ymd) => {
    const i = Math.floor((dayNumber(ymd) - first) / 7);
    return i >= 0 && i < weeks.length ? weeks[i] : undefined;
  };
  for (const c of campaigns) {
    const w = at(c.live_date);
    if (!w) continue;
    w.total += 1;
    for (const name of groupNames(c, by)) w.groups.set(name, (w.groups.get(name) ?? 0) + 1);
  }
  for (const v of violations) {
    const w = LOAD_RULE_KINDS.includes(v.kind) ? at(v.date) : undefined;
    if (w) w.over = true;
  }
  return weeks.map((w) => ({
    week: w.week,
    total: w.total,
    over: w.over,
    groups: [...w.groups].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  }));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 02" from a `YYYY-MM-DD`, without date-fns (the strip is small). */
export const shortDay = (ymd: Ymd): string => `${MONTHS[Number(ymd.slice(5, 7)) - 1]} ${ymd.slice(8, 10)}`;

/** A week's cell in words: "Week of Nov 02: 5 go-lives; Email 3, SEO 2" (and when a limit is broken, so). */
export function weekLoadLabel(w: WeekLoad): string {
  const count = `${w.total} ${w.total === 1 ? 'go-live' : 'go-lives'}`;
  const parts = w.groups.map((g) => `${g.name} ${g.count}`).join(', ');
  return `Week of ${shortDay(w.week)}: ${count}${parts ? `; ${parts}` : ''}${w.over ? '; over a planning rule’s limit' : ''}`;
}

/**
 * Where a week's cell sits over a Gantt showing `range` day by day: the week's days inside the
 * range, in percent of its width, as the Gantt places a day (rules/gantt.ts dayLeftPercent); null
 * for a week outside it. The first and last weeks of a range are cut to the days shown.
 */
export function weekPlacement(week: Ymd, range: DateRange): { leftPercent: number; widthPercent: number } | null {
  const start = dayNumber(range.from);
  const first = Math.max(dayNumber(week), start);
  const last = Math.min(dayNumber(week) + 6, dayNumber(range.to));
  if (first > last) return null;
  const total = dayNumber(range.to) - start + 1;
  return { leftPercent: ((first - start) / total) * 100, widthPercent: ((last - first + 1) / total) * 100 };
}
