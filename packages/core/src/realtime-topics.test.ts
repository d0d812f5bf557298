import { describe, expect, it } from 'vitest';
import { ENTITIES } from './entities';
import type { QueryKind } from './query-keys';
import { ALL_REFRESHED_KINDS, REALTIME_TOPICS, TOPIC_REFRESHES, type RealtimeTopic } from './realtime-topics';

describe('realtime topics', () => {
  it('should list every topic the server publishes, each once', () => {
    expect(REALTIME_TOPICS).toEqual([
      'campaigns', 'tasks', 'campaign_comments', 'ads', 'events', 'ideas', 'comments', 'publications', 'ad_types', 'prospective_publications', 'articles', 'permissions', 'saved_views', 'templates', 'working_calendar', 'planning_rules', 'notifications',
    ]);
  });

  it('should refresh the dashboard from live ads only, and the session on a permission change', () => {
    expect(TOPIC_REFRESHES.ads).toContainEqual({ kinds: ['virtual'], filter: { status: 'live' } });
    expect(TOPIC_REFRESHES.permissions[0].kinds).toContain('session');
  });

  it('should resync every kind some topic refreshes, once each', () => {
    expect(new Set(ALL_REFRESHED_KINDS).size).toBe(ALL_REFRESHED_KINDS.length);
    expect(ALL_REFRESHED_KINDS).toEqual(expect.arrayContaining(['campaigns', 'virtual', 'adTypes', 'session']));
    expect(ALL_REFRESHED_KINDS).not.toContain('users');
  });

  it('should refetch history pages on a change of any topic, since every change writes an entry (docs/adr/0028)', () => {
    // Saved views are preferences, not plan data (docs/adr/0032), and inbox items a person's own (docs/adr/0060): they leave no history entry.
    for (const topic of REALTIME_TOPICS.filter((t) => ENTITIES[t].history !== null)) {
      expect(TOPIC_REFRESHES[topic].some((r: { kinds: readonly string[]; filter?: unknown }) => !r.filter && r.kinds.includes('history')), topic).toBe(true);
    }
  });

  it('should refresh the inbox and the bell on an inbox change (docs/adr/0060)', () => {
    expect(TOPIC_REFRESHES.notifications).toEqual([{ kinds: ['notifications', 'unreadNotifications'] }]);
  });

  it('should refresh task lists and My work on a task change, and My work (which names campaigns) on a campaign change (docs/adr/0049)', () => {
    expect(TOPIC_REFRESHES.tasks[0].kinds).toEqual(['tasks', 'myTasks', 'myTaskCounts', 'seenAssignees', 'history', 'approvals', 'campaignWatch']);
    expect(TOPIC_REFRESHES.campaigns[0].kinds).toContain('myTasks');
  });

  it('should refresh approval states on a campaign change (a review marks its campaign) and on a task change (required tasks hold the gate) (docs/adr/0056)', () => {
    expect(TOPIC_REFRESHES.campaigns[0].kinds).toEqual(expect.arrayContaining(['approvals', 'approvalRules']));
    expect(TOPIC_REFRESHES.tasks[0].kinds).toContain('approvals');
  });

  it('should refresh the side bar’s views and their counts on a saved-view change, and the counts on a campaign change', () => {
    expect(TOPIC_REFRESHES.saved_views).toEqual([{ kinds: ['savedViews', 'savedViewCounts'] }]);
    expect(TOPIC_REFRESHES.campaigns[0].kinds).toContain('savedViewCounts');
  });

  it('should make a misspelt topic or query kind a type error', () => {
    const topic: RealtimeTopic = 'ad_types';
    // @ts-expect-error 'campaign' is not a topic (the server publishes 'campaigns')
    const misspelt: RealtimeTopic = 'campaign';
    const kind: QueryKind = 'session';
    // @ts-expect-error 'auth.user' was a key's text, not a kind
    const badKind: QueryKind = 'auth.user';
    expect([topic, misspelt, kind, badKind]).toHaveLength(4);
  });
});
