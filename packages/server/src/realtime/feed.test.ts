import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { sleep, subscribedSocket } from '../test/socket';
import { RANKS } from './feed';

// The feed read from the data rows (docs/adr/0023): what the log-table tests cannot see.
let t: TestServer;
let admin: string;
let viewer: { token: string; userId: string };
const campaign = (title: string, channels: string[]) => ({ title, planning_start_date: '2026-05-01', live_date: '2026-05-10', channels });

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  viewer = await t.signUpAndIn('viewer@example.com');
  await t.grant(admin, viewer.userId, ['channel_view', 'email']);
});
afterAll(async () => t?.close());

describe('scope changes', () => {
  it('should tell a reader who loses a campaign that it is gone, and tell nothing to one who never could read it', async () => {
    const s = await subscribedSocket(t.url, viewer.token, 'campaigns');
    const row = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Leaves email', ['email']) })).body;
    const seo = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Stays hidden', ['seo']) })).body;
    await s.waitFor((m) => m.row?.id === row.id);
    expect((await t.api('PATCH', `/api/campaigns/${row.id}`, { token: admin, body: { channels: ['seo'] } })).status).toBe(200);
    expect((await t.api('PATCH', `/api/campaigns/${seo.id}`, { token: admin, body: { channels: ['social'] } })).status).toBe(200);
    const gone = await s.waitFor((m) => m.op === 'delete');
    // Its counts learn what they held: the state it could read (in email), replaced by this change.
    expect(gone).toEqual({
      type: 'change', seq: expect.any(Number), topic: 'campaigns', op: 'delete', id: row.id,
      basis: { created: expect.any(String), before: [{ until: String(Math.floor(gone.seq / RANKS)), fields: expect.objectContaining({ channels: ['email'], status: row.status }) }] },
    });
    // Back in email: the reader gets the row again, as an update.
    await t.api('PATCH', `/api/campaigns/${row.id}`, { token: admin, body: { channels: ['email'], title: 'Back in email' } });
    const back = await s.waitFor((m) => m.op === 'update');
    expect(back.row).toMatchObject({ id: row.id, title: 'Back in email', channels: ['email'] });
    await sleep(100);
    expect(s.changes().map((m) => m.row?.id ?? m.id)).toEqual([row.id, row.id, row.id]);
    // The API's row carries none of the feed's bookkeeping.
    expect(Object.keys(back.row)).not.toContain('change_xid');
    expect(Object.keys(back.row)).not.toContain('access_before');
    expect(Object.keys(back.row)).not.toContain('counted_before');
    expect(Object.keys(back.row)).not.toContain('created_xid');
    // Back in email after a state it could not read: nothing was counted for it in between.
    expect(back.basis.before.at(-1)).toEqual({ until: String(Math.floor(back.seq / RANKS)), fields: null });
    s.ws.close();
  });
});

describe('numbering', () => {
  it('should number a transaction\'s changes in one block and re-send all of it to a client that stopped inside it', async () => {
    const since = t.hub.position;
    const ids = await t.services.db.transaction(async (trx) => {
      const rows = await trx('ideas').insert(['one', 'two', 'three'].map((title) => ({ title, created_by: viewer.userId }))).returning('id');
      return rows.map((r: { id: string }) => r.id);
    });
    await expect.poll(async () => (await t.hub.read(since, 1000)).changes.length).toBe(3);
    const whole = (await t.hub.read(since, 1000)).changes;
    const xid = Math.floor(whole[0]!.seq / RANKS);
    expect(whole.map((c) => c.seq - xid * RANKS)).toEqual([0, 1, RANKS - 1]);
    expect(whole.map((c) => c.row_id).sort()).toEqual([...ids].sort());
    // A client that got only the first resumes above it and gets the whole transaction again.
    const again = (await t.hub.read(whole[0]!.seq, 1000)).changes;
    expect(again.map((c) => c.row_id)).toEqual(whole.map((c) => c.row_id));
    expect(again.map((c) => c.seq)).toEqual([whole[0]!.seq + 1, whole[0]!.seq + 2, whole[2]!.seq]);
    // One that got the last has the transaction.
    expect((await t.hub.read(whole[2]!.seq, 1000)).changes).toEqual([]);
  });
});

// Two transactions at once need two connections: PostgreSQL only (PGlite has one).
describe.runIf(process.env.TEST_DATABASE_URL)('commit order', () => {
  it('should deliver a change that commits after a later-numbered one, before it, and never skip it', async () => {
    const s = await subscribedSocket(t.url, admin, 'ideas');
    const since = s.messages.find((m) => m.type === 'ready')!.seq;
    const titles = ['started first, committed last', 'started last, committed first'];
    const mine = () => s.changes().filter((m) => titles.includes(m.row?.title));
    const early = await t.services.db.transaction();
    try {
      await early('ideas').insert({ title: titles[0], created_by: viewer.userId });
      // This one gets a larger transaction id and commits first.
      await t.api('POST', '/api/ideas', { token: admin, body: { title: titles[1] } });
      await sleep(300);
      // Held back while the earlier transaction is open: delivering it now would pass the earlier one's seq.
      expect(mine()).toEqual([]);
      await early.commit();
    } finally {
      if (!early.isCompleted()) await early.rollback();
    }
    await expect.poll(() => mine().length, { timeout: 5000 }).toBe(2);
    expect(mine().map((m) => m.row.title)).toEqual(titles);
    const seqs = mine().map((m) => m.seq);
    expect(seqs[0]).toBeLessThan(seqs[1]);
    // A client resuming from before both gets both.
    const replayed = (await t.hub.read(since, 1000)).changes.filter((c) => titles.includes(c.row?.title as string));
    expect(replayed.map((c) => c.seq)).toEqual(seqs);
    s.ws.close();
  });
});
