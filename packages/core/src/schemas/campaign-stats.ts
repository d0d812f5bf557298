import * as z from 'zod';
import { CHANNEL_VALUES, type Channel } from '../channels';
import { CAMPAIGN_STATUSES, SCOPES, type CampaignStatus } from '../constants';
import { channelSchema } from './common';

/** The list's filters that make sense for counts (docs/adr/0020); an unknown parameter is a 400. */
export const campaignStatsQuerySchema = z.strictObject({
  channel: channelSchema.optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  scope: z.enum(SCOPES).optional(),
});
export type CampaignStatsQuery = z.infer<typeof campaignStatsQuerySchema>;

const count = z.number().int().min(0);

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
  by_channel: z.object(Object.fromEntries(CHANNEL_VALUES.map((c) => [c, statCountsSchema])) as Record<Channel, typeof statCountsSchema>),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
