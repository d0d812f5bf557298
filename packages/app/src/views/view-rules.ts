import {
  SAVED_VIEW_NAME_MAX,
  can,
  channelInfo,
  filterChannels,
  priorityLabel,
  savedViewHref,
  statusLabel,
  type CampaignFilter,
  type Principal,
  type SavedView,
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

/** Admins and users with create rights may share; the server decides in the end. */
export const canShareViews = (principal: Principal): boolean => can(principal, 'create', 'campaign');

/** Own views may be renamed and deleted; a shared one also by an admin. */
export function canManageView(view: Pick<SavedView, 'created_by' | 'shared'>, principal: Principal): boolean {
  if (principal.readOnly) return false;
  return view.created_by === principal.userId || (view.shared && principal.role === 'admin');
}

/** Whether the address is the view: same page, same query. */
export function isActiveView(view: Pick<SavedView, 'dashboard' | 'query'>, pathname: string, search: string): boolean {
  return savedViewHref(view) === `${pathname}${search === '?' ? '' : search}`;
}

/** Personal views first, then the shared ones of the team (the caller's own shared ones among them), each by name. */
export function groupViews(views: readonly SavedView[], userId: string | null): { personal: SavedView[]; shared: SavedView[] } {
  const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  return {
    personal: views.filter((v) => !v.shared && v.created_by === userId).sort(byName),
    shared: views.filter((v) => v.shared).sort(byName),
  };
}
