import {
  addDays,
  applyMove,
  daysBetween,
  edgeField,
  type Campaign,
  type CampaignDates,
  type MoveKind,
  type ScheduleView,
  type Ymd,
} from '@cadence/core';

/** A campaign picked up on the plan, and where it would land if dropped now. */
export interface Move {
  campaign: Campaign;
  view: ScheduleView;
  /** The dates before the move: what Escape, a failed save and Undo put back. */
  origin: CampaignDates;
  /** The dates it would get if dropped now. */
  dates: CampaignDates;
  /** The last gesture: it names the toast's date ('moved to …'). */
  kind: MoveKind;
  /** The day cell it was picked up from (calendar), so the ghost is drawn where it would land. */
  fromDay: Ymd | null;
  via: 'pointer' | 'keyboard';
}

export const datesOf = (c: CampaignDates): CampaignDates => ({
  planning_start_date: c.planning_start_date,
  live_date: c.live_date,
  end_date: c.end_date,
});

export function startMove(campaign: Campaign, view: ScheduleView, via: Move['via'], fromDay: Ymd | null = null): Move {
  const origin = datesOf(campaign);
  return { campaign, view, origin, dates: origin, kind: 'move', fromDay, via };
}

/** A keyboard step: applied to where the campaign is now, so moves and resizes add up. */
export function stepMove(m: Move, kind: MoveKind, days: number): Move {
  return { ...m, kind, dates: applyMove(m.dates, m.view, kind, days) };
}

/** A pointer position: `days` away from where the gesture started. */
export function pointMove(m: Move, kind: MoveKind, days: number): Move {
  return { ...m, kind, dates: applyMove(m.origin, m.view, kind, days) };
}

/** How far the view's bar start has travelled: 0 for an end resize. */
export const travelled = (m: Move): number => {
  const field = edgeField(m.view, 'start');
  return daysBetween(m.origin[field] ?? m.origin.live_date, m.dates[field] ?? m.dates.live_date);
};

/** The calendar cell the ghost is drawn in. */
export const ghostDay = (m: Move): Ymd | null => (m.fromDay ? addDays(m.fromDay, travelled(m)) : null);

export const hasMoved = (m: Move): boolean =>
  m.dates.planning_start_date !== m.origin.planning_start_date || m.dates.live_date !== m.origin.live_date || m.dates.end_date !== m.origin.end_date;

/** The campaign as it would be drawn if dropped now. */
export const previewed = (m: Move): Campaign => ({ ...m.campaign, ...m.dates });
