import type { CampaignStatus, Priority } from '../constants';
import { todayYmd } from '../dates';
import type { DatedCampaign } from './calendar';

/** What the calendar and Gantt can derive from dates: never 'live' (docs/product.md#campaign-status). */
export type DisplayStatus = Exclude<CampaignStatus, 'live'>;
export type DashboardGroup = 'active' | 'planning' | 'completed';

const STATUS_LABELS: Record<CampaignStatus, string> = {
  planning: 'Planning',
  'in-progress': 'In Progress',
  live: 'Live',
  completed: 'Completed',
};

const PRIORITY_LABELS: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/**
 * Status from dates against the user's LOCAL today: planning before the planning start or
 * the live date, then in progress, completed once the day after the end date begins.
 */
export function deriveDisplayStatus(c: DatedCampaign, now: Date = new Date()): DisplayStatus {
  const today = todayYmd(now);
  if (today < c.planning_start_date || today < c.live_date) return 'planning';
  if (c.end_date && today > c.end_date) return 'completed';
  return 'in-progress';
}

export function dashboardGroup(status: CampaignStatus): DashboardGroup {
  if (status === 'live' || status === 'in-progress') return 'active';
  return status;
}

export function statusLabel(status: CampaignStatus): string {
  return STATUS_LABELS[status];
}

export function priorityLabel(priority: Priority): string {
  return PRIORITY_LABELS[priority];
}
