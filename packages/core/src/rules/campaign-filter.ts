import type { Campaign } from '../schemas/campaign';
import { CAMPAIGN_FILTER_KEYS, campaignFilterShape, filterChannels, type CampaignFilter } from '../schemas/campaign-filter';

/**
 * The fields the filters read. The text fields and priority may be missing from a partial row (the
 * benchmarks' models of a list): such a row never matches a filter on them.
 */
export type CampaignFilterFields = Pick<Campaign, 'channels' | 'status' | 'scope'> & Partial<Pick<Campaign, 'priority' | 'owner' | 'title' | 'description'>>;

const folded = (s: string | null | undefined) => (s ?? '').toLowerCase();

/**
 * Whether a campaign passes every filter given (docs/adr/0029): it runs on any of the channels;
 * status, priority and scope equal; the owner equal ignoring case; the search text contained in
 * its title, description or owner, ignoring case. The server's SQL (routes/campaigns/filters.ts)
 * answers the same; a server test holds the two together.
 */
export function campaignMatchesFilter(row: CampaignFilterFields, filter: CampaignFilter): boolean {
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

/** A parameter of a link that was not taken, and why (shown to the user, never thrown). */
export interface DroppedParam {
  param: string;
  value: string;
  reason: string;
}

/**
 * The filters of a query string (a dashboard link, later a saved view). Each parameter is checked
 * on its own: a bad one is dropped and reported, the others still apply. Parameters that are not
 * filters are left to the caller (`rest`).
 */
export function parseCampaignFilterParams(params: URLSearchParams): { filter: CampaignFilter; dropped: DroppedParam[]; rest: URLSearchParams } {
  const filter: Record<string, unknown> = {};
  const dropped: DroppedParam[] = [];
  const rest = new URLSearchParams();
  for (const [param, value] of params) {
    if (!(CAMPAIGN_FILTER_KEYS as string[]).includes(param)) {
      rest.append(param, value);
      continue;
    }
    if (filter[param] !== undefined) {
      dropped.push({ param, value, reason: 'Given twice; the first is kept' });
      continue;
    }
    const parsed = campaignFilterShape[param as keyof typeof campaignFilterShape].safeParse(value);
    if (!parsed.success) dropped.push({ param, value, reason: parsed.error.issues[0]?.message ?? 'Invalid value' });
    else if (parsed.data !== undefined) filter[param] = parsed.data;
  }
  return { filter: filter as CampaignFilter, dropped, rest };
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
