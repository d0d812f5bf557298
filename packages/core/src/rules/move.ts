import { formatYmd } from '../date-format';
import { addDays, type Ymd } from '../dates';
import type { ScheduleView } from './calendar';

/**
 * Moving a campaign on the plan (drag, resize, keyboard): pure date arithmetic on `YYYY-MM-DD`
 * strings, so a move lands on the same calendar day in every time zone, across daylight-saving
 * changes and month ends.
 */

export interface CampaignDates {
  planning_start_date: Ymd;
  live_date: Ymd;
  end_date: Ymd | null;
}

/** What a gesture changes: the whole campaign, or one edge of the bar the view shows. */
export type MoveKind = 'move' | 'resize-start' | 'resize-end';

/** The date field each edge of a view's bar stands for. */
export function edgeField(view: ScheduleView, edge: 'start' | 'end'): keyof CampaignDates {
  if (view === 'planning') return edge === 'start' ? 'planning_start_date' : 'live_date';
  return edge === 'start' ? 'live_date' : 'end_date';
}

const max = (a: Ymd, b: Ymd) => (a > b ? a : b);
const min = (a: Ymd, b: Ymd) => (a < b ? a : b);

/** All three dates shift together, so both spans keep their length; an ongoing campaign stays ongoing. */
export function shiftDates(dates: CampaignDates, days: number): CampaignDates {
  return {
    planning_start_date: addDays(dates.planning_start_date, days),
    live_date: addDays(dates.live_date, days),
    end_date: dates.end_date === null ? null : addDays(dates.end_date, days),
  };
}

/**
 * One edge of the view's bar moves by `days`; the other dates stay. A resize never makes a bar
 * end before it starts: the moving edge stops at the other edge (a one-day bar), and the live
 * date stays between the planning start and the end date so neither bar turns inside out.
 * Resizing the end of an ongoing campaign's live bar gives it an end date.
 */
export function resizeDates(dates: CampaignDates, view: ScheduleView, edge: 'start' | 'end', days: number): CampaignDates {
  const field = edgeField(view, edge);
  const next = { ...dates };
  if (field === 'planning_start_date') {
    next.planning_start_date = min(addDays(dates.planning_start_date, days), dates.live_date);
  } else if (field === 'end_date') {
    next.end_date = max(addDays(dates.end_date ?? dates.live_date, days), dates.live_date);
  } else {
    const moved = addDays(dates.live_date, days);
    next.live_date = min(max(moved, dates.planning_start_date), dates.end_date ?? moved);
  }
  return next;
}

export function applyMove(dates: CampaignDates, view: ScheduleView, kind: MoveKind, days: number): CampaignDates {
  if (kind === 'move') return shiftDates(dates, days);
  return resizeDates(dates, view, kind === 'resize-start' ? 'start' : 'end', days);
}

/** Only the dates that differ: the body of the move's PATCH (and of its undo, the other way round). */
export function changedDates(before: CampaignDates, after: CampaignDates): Partial<CampaignDates> {
  const patch: Partial<CampaignDates> = {};
  for (const key of ['planning_start_date', 'live_date', 'end_date'] as const) {
    if (before[key] !== after[key]) (patch as Record<string, Ymd | null>)[key] = after[key];
  }
  return patch;
}

const day = (ymd: Ymd) => formatYmd(ymd, 'MMM dd').replace(/ 0(\d)$/, ' $1');

/**
 * What the live region says at each step of a keyboard move and in the result:
 * "Spring launch: live Mar 4, ends Mar 18" (live view) or
 * "Spring launch: planning from Feb 20, live Mar 4" (planning view).
 */
export function describeDates(title: string, dates: CampaignDates, view: ScheduleView): string {
  if (view === 'planning') return `${title}: planning from ${day(dates.planning_start_date)}, live ${day(dates.live_date)}`;
  return `${title}: live ${day(dates.live_date)}, ${dates.end_date ? `ends ${day(dates.end_date)}` : 'ongoing'}`;
}

/** The date a move's toast names: where the bar the user moved now starts (or, for an end resize, ends). */
export function movedToDate(dates: CampaignDates, view: ScheduleView, kind: MoveKind): Ymd {
  const field = kind === 'resize-end' ? edgeField(view, 'end') : edgeField(view, 'start');
  return dates[field] ?? dates.live_date;
}

/** The 'Campaign Updated' toast's text after a move: '"Spring launch" moved to Mar 04'. */
export function movedMessage(title: string, to: Ymd): string {
  return `"${title}" moved to ${formatYmd(to, 'MMM dd')}`;
}
