import type { RealtimeTopic } from '@cadence/core';

/** Query-cache key prefixes; one list per resource (see the `use*` hooks). */
export const KEYS = {
  campaigns: 'campaigns:',
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
} as const;

export interface TopicSubscription {
  topic: RealtimeTopic;
  /** Cached queries refetched on a change. */
  prefixes: readonly string[];
  filter?: Record<string, string>;
}

/**
 * What each realtime topic refreshes (DESIGN §7/§8). Deleting a publication cascades to
 * its ad types and ads; ads and events also feed the dashboard's virtual campaigns, whose
 * ad subscription is filtered to live ads as spec §7 says.
 */
export const TOPIC_SUBSCRIPTIONS: readonly TopicSubscription[] = [
  { topic: 'campaigns', prefixes: [KEYS.campaigns] },
  { topic: 'ads', prefixes: [KEYS.ads] },
  { topic: 'ads', prefixes: [KEYS.virtual], filter: { status: 'live' } },
  { topic: 'events', prefixes: [KEYS.events, KEYS.virtual] },
  { topic: 'ideas', prefixes: [KEYS.ideas] },
  { topic: 'comments', prefixes: [KEYS.comments] },
  { topic: 'publications', prefixes: [KEYS.publications, KEYS.adTypes, KEYS.ads] },
  { topic: 'ad_types', prefixes: [KEYS.adTypes, KEYS.ads] },
  { topic: 'prospective_publications', prefixes: [KEYS.prospective] },
  { topic: 'articles', prefixes: [KEYS.articles] },
  { topic: 'permissions', prefixes: [KEYS.permissions, KEYS.session] },
];

/** Every prefix, for a resync after changes were missed. */
export const ALL_PREFIXES: readonly string[] = [...new Set(TOPIC_SUBSCRIPTIONS.flatMap((s) => s.prefixes))];
