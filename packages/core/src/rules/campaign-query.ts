import type { Campaign, CampaignListQuery } from '../schemas/campaign';
import { sameApprovalSummary } from './approvals';
import { campaignMatchesFilter, type CampaignFilterFields, type FilterContext } from './campaign-filter';

/** The fields `GET /api/campaigns` filters on. */
export type CampaignQueryFields = Pick<Campaign, 'planning_start_date' | 'live_date' | 'end_date'> & CampaignFilterFields;

/**
 * The fields the list is ordered by, plus the version that tells a newer row from an echo, and the
 * task summary, which changes without the version (docs/adr/0049).
 */
export type ListedCampaign = Pick<Campaign, 'id' | 'version' | 'created_at'> & {
  task_summary?: Campaign['task_summary'] | undefined;
  approval_summary?: Campaign['approval_summary'] | undefined;
};

/**
 * Whether `row` says nothing newer than `shown` of the same campaign: an older version, or the same
 * version with the same task summary (the echo of one's own write). A task's change moves the
 * campaign's summary and leaves its version alone (docs/adr/0049), so the same version with another
 * summary is news. So is another approval summary (docs/adr/0056), which a review, a decision or a
 * rule change moves without the version either.
 */
export function isCampaignEcho(row: ListedCampaign, shown: ListedCampaign): boolean {
  if (row.version !== shown.version) return row.version < shown.version;
  if ('approval_summary' in row && 'approval_summary' in shown && !sameApprovalSummary(row.approval_summary, shown.approval_summary)) return false;
  const a = row.task_summary;
  const b = shown.task_summary;
  return !a || !b || (a.total === b.total && a.done === b.done && a.open_required === b.open_required && a.next_due === b.next_due && (a.assignees ?? []).join() === (b.assignees ?? []).join());
}

/** A realtime change to one campaign, as the feed delivers it (docs/architecture.md#realtime-messages). */
export type CampaignChange<T extends ListedCampaign = Campaign> =
  | { op: 'insert' | 'update'; row: T }
  | { op: 'delete'; id: string };

/**
 * Whether `GET /api/campaigns` answers `query` with this row (read access aside, which the
 * server checks before it sends a row). A window keeps a campaign whose span touches it:
 * its first date is on or before `to`, and its last date on or after `from`; one without an
 * end date is ongoing, so it touches every window from its first date on. The other filters
 * are campaignMatchesFilter's (docs/adr/0029).
 */
export function campaignMatchesQuery(row: CampaignQueryFields, query: CampaignListQuery, ctx: FilterContext = {}): boolean {
  const first = row.planning_start_date < row.live_date ? row.planning_start_date : row.live_date;
  if (query.to && first > query.to) return false;
  if (query.from && row.end_date) {
    const last = [row.planning_start_date, row.live_date, row.end_date].sort().at(-1)!;
    if (last < query.from) return false;
  }
  return campaignMatchesFilter(row, query, ctx);
}

/**
 * A list asked for `assignee=me` is the caller's, whom a change cannot name (the server resolves
 * `me`): such a list is refetched on a change rather than changed in place. So is one asked for
 * `conflicts=1`: a change to one campaign can put others in a conflict or take them out.
 */
export const isCallersCampaignQuery = (query: { assignee?: string | undefined; owner_id?: string | undefined; conflicts?: string | undefined }): boolean =>
  query.assignee === 'me' || query.owner_id === 'me' || query.conflicts === '1';

/** A page cannot take or lose a row without its neighbours shifting: it is refetched instead. */
export const isPagedCampaignQuery = (query: CampaignListQuery): boolean => query.limit !== undefined || query.offset !== undefined;

/** The server's list order: newest first, then by id, both descending. */
export function compareCampaignOrder(a: ListedCampaign, b: ListedCampaign): number {
  const at = Date.parse(a.created_at);
  const bt = Date.parse(b.created_at);
  if (at !== bt) return bt - at;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The list `query` would return after `change`, from the list it returned before: the row
 * is added where it now matches (in the server's order), replaced where it still does, and
 * dropped where it no longer does or was deleted. A row that is no newer than the listed one
 * (isCampaignEcho: the echo of one's own write, or an older state) changes nothing. Returns the
 * same array when nothing changed.
 */
export function applyCampaignChange<T extends ListedCampaign & CampaignQueryFields>(
  list: T[],
  change: CampaignChange<T>,
  query: CampaignListQuery,
): T[] {
  const id = change.op === 'delete' ? change.id : change.row.id;
  const at = list.findIndex((c) => c.id === id);
  const without = () => (at < 0 ? list : [...list.slice(0, at), ...list.slice(at + 1)]);
  if (change.op === 'delete') return without();
  const { row } = change;
  if (at >= 0 && isCampaignEcho(row, list[at]!)) return list;
  if (!campaignMatchesQuery(row, query)) return without();
  if (at >= 0) return list.map((c, i) => (i === at ? row : c));
  const before = list.findIndex((c) => compareCampaignOrder(row, c) < 0);
  const index = before < 0 ? list.length : before;
  return [...list.slice(0, index), row, ...list.slice(index)];
}
