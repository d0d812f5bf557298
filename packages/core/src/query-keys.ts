import type { HistoryResource } from './rules/history';
import type { CampaignListQuery } from './schemas/campaign';
import type { CampaignFilter } from './schemas/campaign-filter';
import type { CampaignStatsQuery } from './schemas/campaign-stats';
import type { HistoryQuery } from './schemas/history';
import type { MyTaskCountsQuery, MyTasksQuery } from './schemas/tasks';

/** What a history view reads: one row's entries, or the whole log filtered. */
export type HistorySource = { resource: HistoryResource; id: string } | { query: Omit<HistoryQuery, 'cursor' | 'limit'> };

/**
 * The queries the widgets cache, one kind per resource (see their `use*` hooks), each with the
 * parameters its keys carry (`undefined`: a kind with one key). Code that needs a key's
 * parameters reads them from the key itself (docs/adr/0044-one-realtime-protocol.md).
 */
export interface QueryKeyParams {
  /** `GET /api/campaigns` for a query (a window, filters). */
  campaigns: CampaignListQuery;
  /** `GET /api/campaigns/stats`: a campaign change moves the counts in place (docs/adr/0034). */
  campaignStats: CampaignStatsQuery;
  /** Lists read a page at a time as the user scrolls (docs/adr/0022); a change is applied to the loaded pages. */
  campaignPages: CampaignListQuery;
  /** `GET /api/campaigns/:id/tasks`: one campaign's tasks in their order (docs/adr/0049). */
  tasks: { campaign: string };
  /** `GET /api/tasks`: My work, tasks across the campaigns the caller reads (the cursor is a page's, not the key's). */
  myTasks: Omit<MyTasksQuery, 'cursor'>;
  /** `GET /api/tasks/counts`: the side bar's count of My work, and how many are overdue on the reader's `today`. */
  myTaskCounts: MyTaskCountsQuery;
  /** `GET /api/tasks/assignees`: whom the caller's readable tasks are assigned to (a filter's choices). */
  seenAssignees: undefined;
  /** `GET /api/campaigns/:id/assignees`: who a campaign's tasks may be assigned to. */
  taskAssignees: { campaign: string };
  /** `GET /api/campaigns/:id/comments`: one campaign's comments, oldest first (docs/adr/0059). */
  campaignComments: { campaign: string };
  /** `GET /api/campaigns/:id/watch`: whether the caller watches a campaign, and how many do. */
  campaignWatch: { campaign: string };
  /** `GET /api/templates`: campaign templates (docs/adr/0054). */
  templates: undefined;
  /** `GET /api/campaigns/:id/approvals`: a campaign's approval state per channel (docs/adr/0056). */
  approvals: { campaign: string };
  /** `GET /api/approval-rules`: every channel's rule. */
  approvalRules: undefined;
  /** Live ads and events as read-only campaigns, following a filter. */
  virtual: CampaignFilter;
  ideas: undefined;
  comments: undefined;
  publications: undefined;
  /** One publication's ad types, or every one's (`publication` null). */
  adTypes: { publication: string | null };
  ads: undefined;
  prospective: undefined;
  articles: undefined;
  events: undefined;
  users: undefined;
  /** One user's permissions. */
  permissions: { user: string };
  /** `GET /api/auth/user`: who the user is. */
  session: undefined;
  /**
   * History pages (a row's History tab, the Activity page). An entry is written in the same
   * transaction as its change, so the change's arrival is the signal to refetch them
   * (docs/adr/0028): entries themselves add nothing to the feed.
   */
  history: HistorySource;
  /** `GET /api/working-calendar`: the weekend and closed days, for one window of days (docs/adr/0052). */
  workingCalendar: { from: string; to: string };
  /** `GET /api/planning-rules`: the install's planning rules (docs/adr/0062). */
  planningRules: undefined;
  /** `GET /api/conflicts`: the conflicts list for a window; any campaign's change may move it. */
  conflicts: { from: string; to: string };
  /** `GET /api/views`: the side bar's saved views. */
  savedViews: undefined;
  /** `GET /api/views/counts`: each saved view's campaign count; a campaign change moves it. */
  savedViewCounts: undefined;
  /** `GET /api/notifications`: the caller's inbox (`unread` only, or all). */
  notifications: { unread: boolean };
  /** `GET /api/notifications/unread-count`: the bell's badge. */
  unreadNotifications: undefined;
  /** `GET /api/notification-preferences`: how the caller hears about each kind. */
  notificationPrefs: undefined;
}

export type QueryKind = keyof QueryKeyParams;

/** A cached query's key, as TanStack Query's: `[kind]`, or `[kind, params]` for a kind with parameters. */
export type QueryKey<K extends QueryKind = QueryKind> = {
  [P in K]: QueryKeyParams[P] extends undefined ? readonly [P] : readonly [P, QueryKeyParams[P]];
}[K];

/** Which cached queries an invalidation or an edit reaches: every key of a kind, or one key. */
export type QueryKeyMatch = QueryKind | QueryKey;

/** JSON with object fields in sorted order and undefined fields left out, so equal parameters give equal text. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stable(v))).join(',')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The text a key is stored under where a Map needs one: equal for keys with equal parameters,
 * whatever their fields' order, and an undefined parameter is as good as none.
 */
export const queryKeyHash = (key: QueryKey): string => stable(key);
