import { dashboardGroup, CAMPAIGN_STATUSES, type DashboardGroup, type StatCounts } from '@cadence/core';

export interface ChannelStats {
  total: number;
  active: number;
  planning: number;
  completed: number;
  global: number;
  channelOnly: number;
}

/**
 * What a channel card and dialog show, from the server's counts for the channel
 * (`GET /api/campaigns/stats`, by_channel): core's dashboard grouping of the stored status
 * (active = live or in progress), and global vs channel-only.
 */
export function channelCounts(counts: StatCounts): ChannelStats {
  const groups: Record<DashboardGroup, number> = { active: 0, planning: 0, completed: 0 };
  for (const s of CAMPAIGN_STATUSES) groups[dashboardGroup(s)] += counts.by_status[s];
  return { total: counts.total, ...groups, global: counts.global, channelOnly: counts.channel_only };
}
