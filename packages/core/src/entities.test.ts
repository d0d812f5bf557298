import { describe, expect, it } from 'vitest';
import { ENTITIES, ENTITY_NAMES, HISTORY_POLICY, HISTORY_RESOURCES, entityOfHistory } from './entities';
import { POLICY_RESOURCES } from './policy';
import { REALTIME_TOPICS, TOPIC_REFRESHES } from './realtime-topics';

describe('the entity table', () => {
  it('should give every entity a realtime topic that the widgets refresh from, and no topic without an entity', () => {
    expect([...REALTIME_TOPICS].sort()).toEqual([...ENTITY_NAMES].sort());
    for (const name of ENTITY_NAMES) expect(TOPIC_REFRESHES[name].length, name).toBeGreaterThan(0);
  });

  it("should name a policy resource of core's can() for every entity", () => {
    for (const name of ENTITY_NAMES) expect(POLICY_RESOURCES, name).toContain(ENTITIES[name].policy);
  });

  it("should list every logged entity's history resource, guarded by its policy, and the administrators' records last", () => {
    expect(HISTORY_RESOURCES).toEqual([
      'campaigns', 'tasks', 'campaign-comments', 'ideas', 'comments', 'publications', 'ad-types', 'ads', 'prospective-publications', 'articles', 'events', 'permissions', 'templates', 'working-calendar', 'planning-rules', 'roles', 'access-keys', 'approval-rules',
    ]);
    expect(HISTORY_POLICY['ad-types']).toBe('industry');
    expect(HISTORY_POLICY.campaigns).toBe('campaign');
    expect(HISTORY_POLICY.tasks).toBe('task');
    // Who was granted what is for administrators, though a user reads their own permission rows.
    expect(ENTITIES.permissions.policy).toBe('user');
    expect([HISTORY_POLICY.permissions, HISTORY_POLICY.roles, HISTORY_POLICY['access-keys']]).toEqual([null, null, null]);
  });

  it('should find the entity behind a history resource', () => {
    expect(entityOfHistory('ad-types')).toBe('ad_types');
    expect(entityOfHistory('prospective-publications')).toBe('prospective_publications');
    expect(entityOfHistory('roles')).toBeNull();
  });
});
