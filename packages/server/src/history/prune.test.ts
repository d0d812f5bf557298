import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { pruneHistory } from './prune';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

it('should delete only entries older than the given days, and refuse a nonsense age', async () => {
  const db = t.services.db;
  const entry = (daysAgo: number) => ({ resource: 'events', row_id: null, action: 'import', at: new Date(Date.now() - daysAgo * 86_400_000).toISOString() });
  await db('history_entries').insert([entry(400), entry(366), entry(364), entry(1)]);
  expect(await pruneHistory(db, 365)).toBe(2);
  const left = await db('history_entries').where({ resource: 'events', action: 'import' }).count('* as n').first();
  expect(Number(left!.n)).toBe(2);
  expect(await pruneHistory(db, 365)).toBe(0);
  await expect(pruneHistory(db, 0)).rejects.toThrow(/at least 1/);
});
