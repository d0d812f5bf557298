import {
  campaignMatchesQuery,
  decodeListCursor,
  encodeListCursor,
  tallyCampaignStats,
  type Campaign,
  type CampaignListQuery,
  type CampaignPage,
  type CampaignStats,
  type CampaignStatsQuery,
  type FilterContext,
} from '@cadence/core';
import { campaignListQuerySchema, campaignStatsQuerySchema } from '@cadence/core/schemas';
import { validation } from './memory-crud';

/** The server's list order: created_at desc, id desc. */
const newestFirst = (a: Campaign, b: Campaign) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.created_at < b.created_at ? 1 : -1;

/** `GET /api/campaigns` without a page: the query checked as the server checks it (a bad filter is a 400 naming it). */
export function memoryCampaignList(readable: readonly Campaign[], query: CampaignListQuery, ctx: FilterContext = {}): Campaign[] {
  const parsed = campaignListQuerySchema.safeParse(query);
  if (!parsed.success) throw validation(parsed.error.issues);
  return structuredClone(readable.filter((c) => campaignMatchesQuery(c, parsed.data, ctx)));
}

/** One page of `GET /api/campaigns?limit&cursor`, from the rows the caller may read. */
export function memoryCampaignPage(readable: readonly Campaign[], query: CampaignListQuery & { limit: number }, ctx: FilterContext = {}): CampaignPage {
  const parsed = campaignListQuerySchema.safeParse(query);
  if (!parsed.success) throw validation(parsed.error.issues);
  const q = parsed.data;
  const after = q.cursor ? decodeListCursor(q.cursor) : null;
  const rows = readable
    .filter((c) => campaignMatchesQuery(c, q, ctx))
    .sort(newestFirst)
    .filter((c) => !after || c.created_at < after.createdAt || (c.created_at === after.createdAt && c.id < after.id));
  const items = rows.slice(q.offset ?? 0, (q.offset ?? 0) + query.limit);
  const last = items.at(-1);
  const nextCursor = last && items.length === query.limit ? encodeListCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { items: structuredClone(items), nextCursor };
}

/** `GET /api/campaigns/stats` over the rows the caller may read. */
export function memoryCampaignStats(readable: readonly Campaign[], query: CampaignStatsQuery = {}, ctx: FilterContext = {}): CampaignStats {
  const parsed = campaignStatsQuerySchema.safeParse(query);
  if (!parsed.success) throw validation(parsed.error.issues);
  return tallyCampaignStats(readable.filter((c) => campaignMatchesQuery(c, parsed.data, ctx)).map((c) => ({ ...c, n: 1 })));
}
