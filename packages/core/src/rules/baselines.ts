import { daysBetween, type Ymd } from '../dates';
import { can, type Principal } from '../policy';
import type { HistoryChanges } from './history';

// Baselines (docs/adr/0063): a campaign's dates as they were at a past moment, rebuilt from the
// activity log, against its dates now. Pure, so the server, the memory client and the views agree.
// No zod here: browser bundles import this module (docs/adr/0015).

/** The three dates a plan is compared on. */
export interface PlanDates {
  planning_start_date: Ymd;
  live_date: Ymd;
  end_date: Ymd | null;
}
export const PLAN_DATE_FIELDS = ['planning_start_date', 'live_date', 'end_date'] as const;

export type BaselineChange = 'moved' | 'added' | 'removed' | 'same';

export interface ComparedCampaign {
  id: string;
  title: string;
  then: PlanDates | null;
  now: PlanDates | null;
  change: BaselineChange;
  /** Days the live date moved (later is positive); null unless the campaign existed at both moments. */
  slip_days: number | null;
}

export interface CompareSummary {
  moved: number;
  added: number;
  removed: number;
  /** The median live-date slip of the moved campaigns, in whole days (rounded toward later); null when none moved. */
  median_slip_days: number | null;
}

/** The parts of an activity-log entry that rewinding a row reads. */
export interface RewindEntry {
  action: string;
  changes: HistoryChanges | null;
  /** For a delete: the row as it was deleted. */
  row: Record<string, unknown> | null;
}

/**
 * The row as it was before `later` happened: `now` is the row today (undefined when it no longer
 * exists), `later` the entries written about it after the moment, newest first. An update puts
 * back its before values, a delete brings back the row it kept, a create (a revert's re-creation
 * too) means it did not exist before. Returns undefined when the row did not exist then.
 */
export function rewindRow(now: Record<string, unknown> | undefined, later: readonly RewindEntry[]): Record<string, unknown> | undefined {
  let row = now ? { ...now } : undefined;
  for (const e of later) {
    if (e.action === 'create') row = undefined;
    else if (e.action === 'delete') row = e.row ? { ...e.row } : undefined;
    else if (row && e.changes) for (const [field, change] of Object.entries(e.changes)) row[field] = change.before;
  }
  return row;
}

/** The plan dates of a row, or null when it has none (did not exist). Dates are cut to `YYYY-MM-DD`. */
export function planDatesOf(row: Record<string, unknown> | undefined | null): PlanDates | null {
  if (!row) return null;
  const ymd = (v: unknown): Ymd | null => (typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null);
  const planning = ymd(row.planning_start_date);
  const live = ymd(row.live_date);
  if (!planning || !live) return null;
  return { planning_start_date: planning, live_date: live, end_date: ymd(row.end_date) };
}

/** The days a campaign's plan covers, first to last, whatever order its dates are in. */
export function planSpan(d: PlanDates): { start: Ymd; end: Ymd } {
  const days = [d.planning_start_date, d.live_date, d.end_date ?? d.live_date].sort();
  return { start: days[0]!, end: days[2]! };
}

/** Does the plan touch the days from `from` to `to` (both included)? */
export function planTouches(d: PlanDates | null, from: Ymd, to: Ymd): boolean {
  if (!d) return false;
  const span = planSpan(d);
  return span.start <= to && span.end >= from;
}

/** How a campaign's plan then compares with its plan now. */
export function compareDates(then: PlanDates | null, now: PlanDates | null): { change: BaselineChange; slip_days: number | null } {
  if (!then && !now) return { change: 'same', slip_days: null };
  if (!then) return { change: 'added', slip_days: null };
  if (!now) return { change: 'removed', slip_days: null };
  const moved = PLAN_DATE_FIELDS.some((f) => then[f] !== now[f]);
  return { change: moved ? 'moved' : 'same', slip_days: daysBetween(then.live_date, now.live_date) };
}

/** The median of whole numbers, rounded toward the later date when it falls between two. */
export function medianDays(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.ceil((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export function compareSummary(items: readonly Pick<ComparedCampaign, 'change' | 'slip_days'>[]): CompareSummary {
  const moved = items.filter((i) => i.change === 'moved');
  return {
    moved: moved.length,
    added: items.filter((i) => i.change === 'added').length,
    removed: items.filter((i) => i.change === 'removed').length,
    median_slip_days: medianDays(moved.map((i) => i.slip_days ?? 0)),
  };
}

const signedDays = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n)} day${Math.abs(n) === 1 ? '' : 's'}`;

/** "14 moved, 3 added, 1 removed; median slip +4 days", or "No changes" when nothing differs. */
export function compareSummaryText(s: CompareSummary): string {
  if (!s.moved && !s.added && !s.removed) return 'No changes';
  const counts = `${s.moved} moved, ${s.added} added, ${s.removed} removed`;
  return s.median_slip_days === null ? counts : `${counts}; median slip ${signedDays(s.median_slip_days)}`;
}

/** A campaign's change in words, for accessible names and tooltips (never colour alone). */
export function changeLabel(c: Pick<ComparedCampaign, 'change' | 'slip_days' | 'then'>): string {
  switch (c.change) {
    case 'added':
      return 'Added since the baseline';
    case 'removed':
      return 'Removed since the baseline';
    case 'moved':
      return c.slip_days ? `Moved ${signedDays(c.slip_days)} since the baseline (was live ${c.then!.live_date})` : `Dates changed since the baseline (was live ${c.then!.live_date})`;
    default:
      return 'Unchanged since the baseline';
  }
}

/**
 * A drift alert's test (the watchers' digest): the live date slipped later than the baseline's
 * by more than `thresholdDays`.
 */
export const driftsPast = (c: Pick<ComparedCampaign, 'slip_days'>, thresholdDays: number): boolean => c.slip_days !== null && c.slip_days > thresholdDays;

// ── Who may do what (docs/adr/0063) ──
/** Saved baselines are the team's, shared as saved views are: listed to every person, never to a key. */
export const canListBaselines = (p: Principal): boolean => can(p, 'read', 'view');
/** Admins and whoever may create campaigns save baselines (as they share views). */
export const canSaveBaselines = (p: Principal): boolean => canListBaselines(p) && (p.role === 'admin' || can(p, 'create', 'campaign'));
/** Renamed and deleted by their creator or an administrator. */
export const canChangeBaseline = (p: Principal, b: { created_by: string | null }): boolean =>
  canListBaselines(p) && (p.role === 'admin' || (b.created_by !== null && b.created_by === p.userId));
/** A comparison reads past values from the activity log: whoever may read history (never a read-only key or a link). */
export const canCompare = (p: Principal): boolean => can(p, 'read', 'history');
