import type { QueryKind } from './query-keys';

/**
 * The realtime contract in one place (docs/architecture.md#realtime-messages and docs/architecture.md#widgets): the topics the server publishes
 * and which kinds of the widgets' cached queries (query-keys.ts) a change on each topic
 * refreshes. The server validates subscriptions against these topics and the widgets subscribe
 * from this table, so a misspelt topic or query kind is a type error instead of silently stale data.
 */
import type { EntityTopic } from './entities';

export interface TopicRefresh {
  /** The kinds of cached queries a change refreshes: applied in place where the widgets can, else refetched. */
  readonly kinds: readonly QueryKind[];
  /** Only changes whose row matches (docs/product.md#calls: the dashboard follows live ads only). */
  readonly filter?: Readonly<Record<string, string>>;
}

/**
 * Every topic and what a change on it refreshes. Deleting a publication cascades to its ad
 * types and ads; ads and events also feed the dashboard's virtual campaigns, whose ad
 * subscription is filtered to live ads. A task's change moves its campaign's task summary, which
 * reaches the campaign lists as a campaign change (docs/adr/0049); My work's rows name their
 * campaign, so a campaign change refreshes them too. A review's request or decision, and a rule's
 * change, mark their campaigns' rows for the feed (docs/adr/0056): approval states follow campaign
 * changes, and a task's (required tasks hold the gate).
 */
export const TOPIC_REFRESHES = {
  campaigns: [{ kinds: ['campaigns', 'campaignPages', 'campaignStats', 'savedViewCounts', 'myTasks', 'myTaskCounts', 'seenAssignees', 'history', 'approvals', 'approvalRules', 'campaignWatch', 'conflicts', 'comparison'] }],
  tasks: [{ kinds: ['tasks', 'myTasks', 'myTaskCounts', 'seenAssignees', 'history', 'approvals', 'campaignWatch'] }],
  /** A campaign's comments (docs/adr/0059): its thread, and who watches it (a mention makes a watcher). */
  campaign_comments: [{ kinds: ['campaignComments', 'campaignWatch', 'history'] }],
  ads: [{ kinds: ['ads', 'history'] }, { kinds: ['virtual'], filter: { status: 'live' } }],
  events: [{ kinds: ['events', 'virtual', 'history'] }],
  ideas: [{ kinds: ['ideas', 'history'] }],
  comments: [{ kinds: ['comments', 'history'] }],
  publications: [{ kinds: ['publications', 'adTypes', 'ads', 'history'] }],
  ad_types: [{ kinds: ['adTypes', 'ads', 'history'] }],
  prospective_publications: [{ kinds: ['prospective', 'history'] }],
  articles: [{ kinds: ['articles', 'history'] }],
  permissions: [{ kinds: ['permissions', 'session', 'history'] }],
  /** Saved views (docs/adr/0032): the side bar's list, and their counts (a new view has one). */
  saved_views: [{ kinds: ['savedViews', 'savedViewCounts'] }],
  /** Campaign templates (docs/adr/0054): the Settings list and the "New from template" picker. */
  templates: [{ kinds: ['templates', 'history'] }],
  /** The working calendar (docs/adr/0052): shading in the calendar and Gantt, template previews, Settings. */
  working_calendar: [{ kinds: ['workingCalendar', 'conflicts', 'history'] }],
  /**
   * Planning rules (docs/adr/0062): Settings' list, and every conflict, badge and warning they
   * judge; the campaign lists and view counts too, which `conflicts=1` narrows by them.
   */
  planning_rules: [{ kinds: ['planningRules', 'conflicts', 'campaigns', 'campaignPages', 'campaignStats', 'savedViewCounts', 'history'] }],
  /** Inbox items (docs/adr/0060): the inbox's pages and the bell's count. */
  notifications: [{ kinds: ['notifications', 'unreadNotifications'] }],
} as const satisfies Record<EntityTopic, readonly TopicRefresh[]>;

export type RealtimeTopic = keyof typeof TOPIC_REFRESHES;

/** The topics as a tuple, for validators such as `z.enum(REALTIME_TOPICS)`. */
export const REALTIME_TOPICS = Object.keys(TOPIC_REFRESHES) as [RealtimeTopic, ...RealtimeTopic[]];

/** Every kind a topic refreshes, for a full resync after changes were missed. */
export const ALL_REFRESHED_KINDS: readonly QueryKind[] = [
  ...new Set(Object.values(TOPIC_REFRESHES).flatMap((refreshes: readonly TopicRefresh[]) => refreshes.flatMap((r) => r.kinds))),
];
