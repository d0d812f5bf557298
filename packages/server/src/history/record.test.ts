import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRow } from '../data/crud';
import { ideas } from '../data/resources/ideas';
import { startTestServer, type TestServer } from '../test/harness';
import { runAs } from './actor';
import { recordHistory } from './record';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const entryOf = (rowId: string) => t.services.db('history_entries').where({ row_id: rowId }).first('actor_id', 'request_id', 'at');

it('should log writes made as an actor outside a request as theirs, dated by their clock when they have one (docs/adr/0064)', async () => {
  const { userId } = await t.signUpAndIn('clock@example.com');
  const at = new Date('2026-10-05T09:30:00Z');
  // The one-statement create (insertWithHistory) and an entry in a transaction (recordHistory).
  const fast = await runAs({ userId, keyId: null, requestId: 'replay-1', at }, () => createRow(t.services, ideas, { title: 'Dated', created_by: userId }));
  expect(await entryOf(fast.id)).toEqual({ actor_id: userId, request_id: 'replay-1', at });
  await t.services.db.transaction((trx) => runAs({ userId, keyId: null, requestId: 'replay-2', at }, () => recordHistory(trx, { resource: 'ideas', rowId: 'x-1', action: 'update' })));
  expect(await entryOf('x-1')).toEqual({ actor_id: userId, request_id: 'replay-2', at });
  // Without a clock, the database's now; outside any context, nobody.
  const before = Date.now() - 60_000;
  const plain = await runAs({ userId, keyId: null, requestId: null }, () => createRow(t.services, ideas, { title: 'Now', created_by: userId }));
  expect((await entryOf(plain.id)).at.getTime()).toBeGreaterThan(before);
  const nobody = await createRow(t.services, ideas, { title: 'Nobody', created_by: userId });
  expect((await entryOf(nobody.id)).actor_id).toBeNull();
});
