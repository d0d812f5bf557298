import { describe, expect, it } from 'vitest';
import { ALL_REFRESHED_KEYS, CACHE_KEYS, REALTIME_TOPICS, TOPIC_REFRESHES, type QueryKey, type RealtimeTopic } from './realtime-topics';

describe('realtime topics', () => {
  it('should list every topic the server publishes, each once', () => {
    expect(REALTIME_TOPICS).toEqual([
      'campaigns', 'ads', 'events', 'ideas', 'comments', 'publications', 'ad_types', 'prospective_publications', 'articles', 'permissions', 'saved_views',
    ]);
  });

  it('should refresh the dashboard from live ads only, and the session on a permission change', () => {
    expect(TOPIC_REFRESHES.ads).toContainEqual({ keys: [CACHE_KEYS.virtual], filter: { status: 'live' } });
    expect(TOPIC_REFRESHES.permissions[0].keys).toContain('auth.user');
  });

  it('should resync every key some topic refreshes, once each', () => {
    expect(new Set(ALL_REFRESHED_KEYS).size).toBe(ALL_REFRESHED_KEYS.length);
    expect(ALL_REFRESHED_KEYS).toEqual(expect.arrayContaining(['campaigns:', 'virtual', 'adTypes:', 'auth.user']));
    expect(ALL_REFRESHED_KEYS).not.toContain(CACHE_KEYS.users);
  });

  it('should refetch history pages on a change of any topic, since every change writes an entry (docs/adr/0028)', () => {
    // Saved views are preferences, not plan data: they leave no history entry (docs/adr/0032).
    for (const topic of REALTIME_TOPICS.filter((t) => t !== 'saved_views')) {
      expect(TOPIC_REFRESHES[topic].some((r: { keys: readonly string[]; filter?: unknown }) => !r.filter && r.keys.includes(CACHE_KEYS.history)), topic).toBe(true);
    }
  });

  it('should refresh the side bar’s views and their counts on a saved-view change, and the counts on a campaign change', () => {
    expect(TOPIC_REFRESHES.saved_views).toEqual([{ keys: [CACHE_KEYS.savedViews, CACHE_KEYS.savedViewCounts] }]);
    expect(TOPIC_REFRESHES.campaigns[0].keys).toContain(CACHE_KEYS.savedViewCounts);
  });

  it('should make a misspelt topic or cache key a type error', () => {
    const topic: RealtimeTopic = 'ad_types';
    // @ts-expect-error 'campaign' is not a topic (the server publishes 'campaigns')
    const misspelt: RealtimeTopic = 'campaign';
    const key: QueryKey = `${CACHE_KEYS.campaigns}{"status":"live"}`;
    // @ts-expect-error 'auth.usr' is no cache key
    const badKey: QueryKey = 'auth.usr';
    expect([topic, misspelt, key, badKey]).toHaveLength(4);
  });
});
