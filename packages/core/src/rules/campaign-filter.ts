import type { Channel } from '../channels';
import type { Campaign } from '../schemas/campaign';
import type { CampaignFilter } from '../schemas/campaign-filter';
import { todayYmd } from '../today';
import { ASSIGNEE_ME, CAMPAIGN_FILTER_KEYS } from './campaign-filter-keys';

// This module stays free of zod (it reads the schema's types only): the calendar
// and every widget that applies realtime changes use these rules, and zod is 26 kB gzip.

export { ASSIGNEE_ME, CAMPAIGN_FILTER_KEYS, FILTER_TEXT_MAX_LENGTH, type CampaignFilterKey } from './campaign-filter-keys';

/** The channels a filter names, as a list (empty: no channel filter). */
export const filterChannels = (filter: { channel?: Channel | readonly Channel[] | undefined }): readonly Channel[] =>
  filter.channel === undefined ? [] : typeof filter.channel === 'string' ? [filter.channel] : filter.channel;

/**
 * The fields the filters read. The text fields and priority may be missing from a partial row (the
 * benchmarks' models of a list): such a row never matches a filter on them.
 */
export type CampaignFilterFields = Pick<Campaign, 'channels' | 'status' | 'scope'> &
  // The task filters read the summary; a row without it (an event, an ad) has no tasks.
  Partial<Pick<Campaign, 'id' | 'priority' | 'owner' | 'owner_id' | 'title' | 'description' | 'task_summary'>>;

/**
 * What the task filters need besides the row: who `assignee=me` is (the principal's user id; none:
 * `me` matches nothing) and today's date (default: this process's, `todayYmd()`; the server runs in
 * the team's time zone, docs/adr/0050).
 */
export interface FilterContext {
  me?: string | null | undefined;
  today?: string | undefined;
  /**
   * The campaigns in a planning-rule conflict over the query's window (`conflicts=1`), which the
   * caller works out from the whole plan (conflictFilterIds); none: `conflicts=1` matches nothing.
   */
  conflicted?: ReadonlySet<string> | undefined;
}

/** The user `assignee` names: `me` resolved, or null when it cannot be (no caller). */
export const filterAssignee = (filter: Pick<CampaignFilter, 'assignee'>, ctx: FilterContext = {}): string | null | undefined =>
  filterUser(filter.assignee, ctx);

/** A user filter's value (`assignee`, `owner_id`) with `me` resolved: undefined when unset, null when `me` has no caller. */
export const filterUser = (value: string | undefined, ctx: FilterContext = {}): string | null | undefined =>
  value === undefined ? undefined : value === ASSIGNEE_ME ? (ctx.me ?? null) : value;

const folded = (s: string | null | undefined) => (s ?? '').toLowerCase();

/**
 * Whether a campaign passes every filter given (docs/adr/0029): it runs on any of the channels;
 * status, priority and scope equal; the owner equal ignoring case; the search text contained in
 * its title, description or owner, ignoring case; a task assigned to `assignee`; a task not done
 * due before today (`overdue`, read from the task summary); in a planning-rule conflict
 * (`conflicts`, the ids in `ctx.conflicted`). The server's SQL (routes/campaigns/filters.ts)
 * answers the same; a server test holds the two together.
 */
export function campaignMatchesFilter(row: CampaignFilterFields, filter: CampaignFilter, ctx: FilterContext = {}): boolean {
  const channels = filterChannels(filter);
  if (channels.length && !channels.some((c) => row.channels.includes(c))) return false;
  if (filter.status && row.status !== filter.status) return false;
  if (filter.priority && row.priority !== filter.priority) return false;
  if (filter.scope && row.scope !== filter.scope) return false;
  if (filter.owner && folded(row.owner) !== folded(filter.owner)) return false;
  if (filter.q) {
    const q = folded(filter.q);
    if (![row.title, row.description, row.owner].some((field) => folded(field).includes(q))) return false;
  }
  if (filter.assignee !== undefined) {
    const user = filterAssignee(filter, ctx);
    if (!user || !(row.task_summary?.assignees ?? []).includes(user.toLowerCase())) return false;
  }
  if (filter.owner_id !== undefined) {
    const user = filterUser(filter.owner_id, ctx);
    if (!user || (row.owner_id ?? '').toLowerCase() !== user.toLowerCase()) return false;
  }
  if (filter.overdue) {
    const due = row.task_summary?.next_due;
    if (!due || due >= (ctx.today ?? todayYmd())) return false;
  }
  if (filter.conflicts && !(row.id !== undefined && ctx.conflicted?.has(row.id))) return false;
  return true;
}

/** Whether any filter is set. */
export const isFiltered = (filter: CampaignFilter): boolean => CAMPAIGN_FILTER_KEYS.some((k) => filter[k] !== undefined);

/** Only the filter fields of a larger object (a list query, a view), without the unset ones. */
export function pickCampaignFilter(from: Partial<Record<string, unknown>>): CampaignFilter {
  const out: Record<string, unknown> = {};
  for (const key of CAMPAIGN_FILTER_KEYS) if (from[key] !== undefined) out[key] = from[key];
  return out as CampaignFilter;
}

/** The query-string pairs of a filter, in a fixed order, channels comma-separated (`channel=email,social`). */
export function campaignFilterParams(filter: CampaignFilter): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const key of CAMPAIGN_FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || (Array.isArray(value) && !value.length)) continue;
    pairs.push([key, key === 'channel' ? filterChannels(filter).join(',') : String(value)]);
  }
  return pairs;
}
