import {
  SAVED_VIEW_NAME_MAX,
  channelInfo,
  filterChannels,
  priorityLabel,
  statusLabel,
  type CampaignFilter,
  type SavedViewDashboard,
} from '@cadence/core';

const TAB_LABELS: Record<string, string> = { timeline: 'Timeline', calendar: 'Calendar', channels: 'Channels', list: 'Campaign List' };

/**
 * The name a new view starts with, from what it shows: "Email, Social · Live". Without filters it is
 * the dashboard (and a tab other than the calendar), so the field is never empty.
 */
export function suggestViewName(dashboard: SavedViewDashboard, filter: CampaignFilter, tab?: string): string {
  const parts: string[] = [];
  if (dashboard !== 'global') parts.push(channelInfo(dashboard).label);
  const channels = filterChannels(filter);
  if (channels.length) parts.push(channels.map((c) => channelInfo(c).label).join(', '));
  if (filter.status) parts.push(statusLabel(filter.status));
  if (filter.priority) parts.push(`${priorityLabel(filter.priority)} priority`);
  if (filter.scope) parts.push(filter.scope === 'global' ? 'Global campaigns' : 'Channel campaigns');
  if (filter.owner) parts.push(filter.owner);
  if (filter.q) parts.push(`“${filter.q}”`);
  if (parts.length === (dashboard === 'global' ? 0 : 1)) parts.push(tab && tab !== 'calendar' ? TAB_LABELS[tab] ?? tab : dashboard === 'global' ? 'Global Calendar' : 'Calendar');
  const name = parts.join(' · ');
  return name.length > SAVED_VIEW_NAME_MAX ? `${name.slice(0, SAVED_VIEW_NAME_MAX - 1)}…` : name;
}
