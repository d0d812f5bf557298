import { dashboardGroup, type Campaign, type Channel, type DashboardGroup } from '@cadence/core';

export interface ChannelStats {
  total: number;
  active: number;
  planning: number;
  completed: number;
  global: number;
  channelOnly: number;
}

/** The campaigns running on `channel` (a channel-only campaign runs on its primary channel). */
export function campaignsOfChannel(list: readonly Campaign[], channel: Channel): Campaign[] {
  return list.filter((c) => c.channels.includes(channel) || c.primary_channel === channel);
}

/** Counts by core's dashboard grouping (active = live or in progress), and by scope. */
export function channelStats(list: readonly Campaign[]): ChannelStats {
  const groups: Record<DashboardGroup, number> = { active: 0, planning: 0, completed: 0 };
  for (const c of list) groups[dashboardGroup(c.status)] += 1;
  const channelOnly = list.filter((c) => c.scope === 'channel').length;
  return { total: list.length, ...groups, global: list.length - channelOnly, channelOnly };
}
