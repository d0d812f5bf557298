import * as z from 'zod';
import { CHANNEL_VALUES, type Channel } from '../channels';
import { CAMPAIGN_STATUSES, OWNERS_LISTED, type CampaignStatus } from '../constants';
import { campaignFilterShape, type WithChannels } from './campaign-filter';
import { ymdSchema } from './common';

/**
 * The list's filters and window (docs/adr/0020, 0029): the counts are of exactly what the list
 * would show; an unknown parameter is a 400.
 */
export const campaignStatsQuerySchema = z.strictObject({
  from: ymdSchema.optional(),
  to: ymdSchema.optional(),
  ...campaignFilterShape,
});
export type CampaignStatsQuery = WithChannels<z.infer<typeof campaignStatsQuerySchema>>;

const count = z.number().int().min(0);

// In constants (zod-free): the widgets' realtime code reads it (docs/adr/0034).
export { OWNERS_LISTED };

/** What one stat card or channel card shows: stored statuses, and global vs channel-only. */
export const statCountsSchema = z.object({
  total: count,
  by_status: z.object(Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, count])) as Record<CampaignStatus, typeof count>),
  global: count,
  channel_only: count,
});
export type StatCounts = z.infer<typeof statCountsSchema>;

/** `GET /api/campaigns/stats`: the totals, and the same counts per channel (every channel, zeros included). */
export const campaignStatsSchema = statCountsSchema.extend({
  /** The owners of the counted campaigns, sorted, at most OWNERS_LISTED (the filter bar's choices). */
  owners: z.array(z.string()).max(OWNERS_LISTED),
  by_channel: z.object(Object.fromEntries(CHANNEL_VALUES.map((c) => [c, statCountsSchema])) as Record<Channel, typeof statCountsSchema>),
  /**
   * The database snapshot the counts were read in (`xmin:xmax:running,…`), so a realtime change
   * can be applied to them in place exactly once (docs/adr/0034). Absent from the in-memory client.
   */
  as_of: z.string().optional(),
  /** How many counted campaigns each listed owner has, so an owner leaves the list with their last one. */
  owner_counts: z.record(z.string(), count).optional(),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
