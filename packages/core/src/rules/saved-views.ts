import type { Channel } from '../channels';
import { can, type Principal, type PolicyRows } from '../policy';
import type { CampaignFilter } from '../schemas/campaign-filter';
import { CAMPAIGN_BOUNDS } from '../schemas/campaign-limits';
import { DASHBOARD_TABS, parseDashboardView, type DashboardTab } from './dashboard-view';

/** The fields of a saved view the rules read; core's `can(p, action, 'view', row)` decides (policy.ts). */
export type SavedViewAccessFields = PolicyRows['view'];

/** The tabs a dashboard has: a channel's dashboard has no Channels tab. */
export const dashboardTabs = (dashboard: 'global' | Channel): readonly DashboardTab[] =>
  dashboard === 'global' ? DASHBOARD_TABS : DASHBOARD_TABS.filter((t) => t !== 'channels');

/** Whether the caller may read the page a view opens. */
export const canReadViewDashboard = (p: Principal, dashboard: 'global' | Channel): boolean =>
  can(p, 'read', 'dashboard', dashboard === 'global' ? {} : { channel: dashboard });

/** Admins and users with create rights on campaigns may share a view with the team (docs/adr/0032); never a key. */
export const canShareViews = (p: Principal): boolean => can(p, 'read', 'view') && (p.role === 'admin' || can(p, 'create', 'campaign'));

/** A personal view is its owner's alone; a shared one is seen by everyone who may read its dashboard. */
export const canSeeView = (p: Principal, v: SavedViewAccessFields): boolean => can(p, 'read', 'view', v);

/** Personal views: the owner only. Shared views: the owner or an admin. */
export const canEditView = (p: Principal, v: SavedViewAccessFields): boolean => can(p, 'update', 'view', v);

/**
 * The campaigns a view shows: its query's filters, on a channel dashboard also that channel (the
 * page's count asks the stats route for both, widgets' FilterBar). Null with the reasons when
 * the page would drop a parameter: such a query is refused rather than saved.
 */
export function savedViewFilter(
  dashboard: 'global' | Channel,
  query: string,
): { filter: CampaignFilter; dropped: null } | { filter: null; dropped: Array<{ param: string; value: string; reason: string }> } {
  const channel = dashboard === 'global' ? undefined : dashboard;
  const { view, dropped } = parseDashboardView(query, { tabs: dashboardTabs(dashboard), ...(channel ? { channel } : {}) });
  if (dropped.length) return { filter: null, dropped };
  return { filter: channel ? { ...view.filter, channel } : view.filter, dropped: null };
}

/** The 400 message for a query the page would drop parts of: each parameter and why. */
export const droppedQueryMessage = (dropped: ReadonlyArray<{ param: string; value: string; reason: string }>): string =>
  `The view's link has parameters the page would drop: ${dropped.map((d) => `${d.param}=${d.value} (${d.reason})`).join('; ')}`;

/**
 * The filter a stored view applies, for counts and a key bound to it (docs/adr/0032). A stored
 * query the rules no longer take (a later version dropped a parameter) matches nothing rather
 * than everything: a bound key must never see more than its view.
 */
export function storedViewFilter(v: { dashboard: 'global' | Channel; query: string }): CampaignFilter {
  return savedViewFilter(v.dashboard, v.query).filter ?? MATCHES_NOTHING;
}

/**
 * Why a view filtered to Conflicts cannot be read by a key or a stakeholder link (docs/adr/0068):
 * they read through a filter applied row by row, while the conflicts are worked out from the
 * whole plan each time someone looks.
 */
export const CONFLICTS_NOT_BINDABLE =
  'A view filtered to Conflicts cannot be read through a key or a link: conflicts are worked out from the whole plan when you look. Save the view without the Conflicts filter to share it this way';

/** True when a key or a link could not read `v` as it shows (CONFLICTS_NOT_BINDABLE). */
export const viewNeedsWholePlan = (v: { dashboard: 'global' | Channel; query: string }): boolean => !!storedViewFilter(v).conflicts;

/**
 * A filter no campaign passes, in core's rule and in SQL alike, with a value both take (a NUL
 * would match nothing too, but PostgreSQL refuses it in a query): owners are at most
 * CAMPAIGN_BOUNDS.ownerMaxLength characters.
 */
export const MATCHES_NOTHING: CampaignFilter = Object.freeze({ owner: 'x'.repeat(CAMPAIGN_BOUNDS.ownerMaxLength + 1) });
