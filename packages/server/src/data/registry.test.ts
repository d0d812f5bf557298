import { decodeClientFrame, ENTITIES, ENTITY_NAMES, HISTORY_RESOURCES, REALTIME_TOPICS, TOPIC_REFRESHES, type HistoryResource } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect';
import { migrateLatest } from '../db/migrations/index';
import { ALL_FEED_TABLES } from '../realtime/feed-tables';
import { createTestDb } from '../test/harness';
import { FEED_TABLES, HISTORY_DATA, REGISTRY, RESOURCES } from './registry';

// Adding an entity is one entry in core's entities.ts and one here (docs/architecture.md#add-an-entity);
// every list below is derived from them, and these tests fail when one of them misses an entity.

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrateLatest(db);
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

/** The tables whose triggers call one of the feed's functions, with each trigger's argument (the topic of a tombstone). */
async function feedTriggers(): Promise<Array<{ table: string; fn: string; arg: string }>> {
  const result = await db.raw(`SELECT c.relname AS table, p.proname AS fn, replace(encode(t.tgargs, 'escape'), '\\000', '') AS arg
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE NOT t.tgisinternal AND p.proname LIKE 'feed\\_%' ORDER BY 1, 2`);
  return result.rows ?? result;
}

describe('the entity registry', () => {
  it('should hold every entity of core’s table, and only those', () => {
    expect(Object.keys(REGISTRY).sort()).toEqual([...ENTITY_NAMES].sort());
  });

  it('should be what the database feeds: each feed table stamps its rows and leaves tombstones on its entity’s topic, and no other table does', async () => {
    const triggers = await feedTriggers();
    const tables = FEED_TABLES.map((f) => f.table).sort();
    expect([...new Set(triggers.filter((t) => t.fn.startsWith('feed_stamp')).map((t) => t.table))].sort()).toEqual(tables);
    const tombstones = triggers.filter((t) => t.fn === 'feed_tombstones');
    expect(tombstones.map((t) => t.table).sort()).toEqual(tables);
    for (const { table, entity } of FEED_TABLES) expect(tombstones.find((t) => t.table === table)?.arg, table).toBe(entity);
    for (const table of tables) expect(await db.schema.hasColumn(table, 'change_xid'), table).toBe(true);
    expect([...ALL_FEED_TABLES].sort()).toEqual(tables);
  });

  it('should give every entity a realtime topic the server accepts and the widgets refresh from', () => {
    expect([...REALTIME_TOPICS].sort()).toEqual([...ENTITY_NAMES].sort());
    for (const topic of ENTITY_NAMES) {
      expect(decodeClientFrame(JSON.stringify({ type: 'subscribe', id: 's1', topic })), topic).toMatchObject({ topic });
      expect(TOPIC_REFRESHES[topic], topic).toBeDefined();
    }
    // Every feed table's rows are presented by its resource, which the realtime check guards with its entity's policy.
    for (const { entity } of FEED_TABLES) expect(RESOURCES.get(entity)?.policy, entity).toBe(ENTITIES[entity].policy);
  });

  it('should serve the history of every logged entity whose rows the API reads, and list every logged entity', () => {
    for (const name of ENTITY_NAMES) {
      const facts: { history: HistoryResource | null; historyReadBy?: string } = ENTITIES[name];
      if (!facts.history) continue;
      expect(HISTORY_RESOURCES, name).toContain(facts.history);
      const served = facts.historyReadBy !== 'administrators' && RESOURCES.has(name);
      expect(HISTORY_DATA.get(facts.history), name).toBe(served ? RESOURCES.get(name) : undefined);
    }
    expect([...HISTORY_DATA.keys()]).toEqual(['campaigns', 'tasks', 'campaign-comments', 'ideas', 'comments', 'publications', 'ad-types', 'ads', 'prospective-publications', 'articles', 'events', 'templates']);
  });

  it('should name each resource by its entity', () => {
    for (const [name, r] of RESOURCES) expect(r.entity).toBe(name);
  });
});
