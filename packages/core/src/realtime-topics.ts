/**
 * The realtime contract in one place (docs/architecture.md#realtime-messages and docs/architecture.md#widgets): the topics the server publishes, the
 * query-cache keys the widgets keep, and which keys a change on each topic refreshes. The
 * server validates subscriptions against these topics and the widgets subscribe from this
 * table, so a misspelt topic or key is a type error instead of silently stale data.
 */
import type { EntityTopic } from './entities';

/** Query-cache key prefixes, one per resource the widgets cache (see their `use*` hooks). */
export const CACHE_KEYS = {
  campaigns: 'campaigns:',
  /** `GET /api/campaigns/stats`: a campaign change moves the counts in place (docs/adr/0034). */
  campaignStats: 'campaign-stats',
  /** Lists read a page at a time as the user scrolls (docs/adr/0022); a change is applied to the loaded pages. */
  campaignPages: 'campaign-pages:',
  virtual: 'virtual',
  ideas: 'ideas',
  comments: 'comments',
  publications: 'publications',
  adTypes: 'adTypes:',
  ads: 'ads',
  prospective: 'prospective',
  articles: 'articles',
  events: 'events',
  users: 'users',
  permissions: 'permissions:',
  session: 'auth.user',
  /**
   * History pages (`history:` + the query, e.g. a row's History tab or the Activity page). An entry
   * is written in the same transaction as its change, so the change's arrival is the signal to
   * refetch them (docs/adr/0028): entries themselves add nothing to the feed.
   */
  history: 'history:',
  /** `GET /api/views`: the side bar's saved views (issue 20). */
  savedViews: 'saved-views',
  /** `GET /api/views/counts`: each saved view's campaign count; a campaign change moves it. */
  savedViewCounts: 'saved-view-counts',
} as const;
export type CacheKey = (typeof CACHE_KEYS)[keyof typeof CACHE_KEYS];

/** A cached query's key: one of the prefixes, maybe followed by its parameters. */
export type QueryKey = CacheKey | `${CacheKey}${string}`;

export interface TopicRefresh {
  /** Cached queries refetched on a change. */
  readonly keys: readonly CacheKey[];
  /** Only changes whose row matches (docs/product.md#calls: the dashboard follows live ads only). */
  readonly filter?: Readonly<Record<string, string>>;
}

const K = CACHE_KEYS;

/**
 * Every topic and what a change on it refreshes. Deleting a publication cascades to its ad
 * types and ads; ads and events also feed the dashboard's virtual campaigns, whose ad
 * subscription is filtered to live ads.
 */
export const TOPIC_REFRESHES = {
  campaigns: [{ keys: [K.campaigns, K.campaignPages, K.campaignStats, K.savedViewCounts, K.history] }],
  ads: [{ keys: [K.ads, K.history] }, { keys: [K.virtual], filter: { status: 'live' } }],
  events: [{ keys: [K.events, K.virtual, K.history] }],
  ideas: [{ keys: [K.ideas, K.history] }],
  comments: [{ keys: [K.comments, K.history] }],
  publications: [{ keys: [K.publications, K.adTypes, K.ads, K.history] }],
  ad_types: [{ keys: [K.adTypes, K.ads, K.history] }],
  prospective_publications: [{ keys: [K.prospective, K.history] }],
  articles: [{ keys: [K.articles, K.history] }],
  permissions: [{ keys: [K.permissions, K.session, K.history] }],
  /** Saved views (issue 20): the side bar's list, and their counts (a new view has one). */
  saved_views: [{ keys: [K.savedViews, K.savedViewCounts] }],
} as const satisfies Record<EntityTopic, readonly TopicRefresh[]>;

export type RealtimeTopic = keyof typeof TOPIC_REFRESHES;

/** The topics as a tuple, for validators such as `z.enum(REALTIME_TOPICS)`. */
export const REALTIME_TOPICS = Object.keys(TOPIC_REFRESHES) as [RealtimeTopic, ...RealtimeTopic[]];

/** Every key a topic refreshes, for a full resync after changes were missed. */
export const ALL_REFRESHED_KEYS: readonly CacheKey[] = [
  ...new Set(Object.values(TOPIC_REFRESHES).flatMap((refreshes: readonly TopicRefresh[]) => refreshes.flatMap((r) => r.keys))),
];
