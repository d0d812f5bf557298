import { TEST_ZONES } from '@cadence/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneHistory } from '../../history/prune';
import { startTestServer, type TestServer } from '../../test/harness';

// Baselines (docs/adr/0063): the plan at a past moment, rebuilt from the activity log, against the
// plan now; saved baselines, their rights and validation; and pruning keeping what they need.

let t: TestServer;
let admin: { token: string; userId: string };
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@baselines.test');
});
afterAll(async () => t?.close());

const MARCH = 'from=2027-03-01&to=2027-03-31';
const campaign = async (title: string, live: string, extra: object = {}) => {
  const res = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title, planning_start_date: '2027-02-20', live_date: live, channels: ['email'], ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number };
};
const move = async (id: string, live: string) => expect((await t.api('PATCH', `/api/campaigns/${id}`, { token: admin.token, body: { live_date: live } })).status).toBe(200);
const tick = () => new Promise((r) => setTimeout(r, 15));
const compare = (query: string, token = admin.token) => t.api('GET', `/api/campaigns/compare?${query}`, { token });
type Item = { id: string; title: string; change: string; slip_days: number | null; then: { live_date: string } | null; now: { live_date: string } | null };

describe('comparing with a past moment', () => {
  let ids: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'same', string>;
  let moment: string;
  beforeAll(async () => {
    const a = await campaign('Alpha', '2027-03-05');
    const b = await campaign('Bravo', '2027-03-10');
    const c = await campaign('Charlie', '2027-03-15');
    const d = await campaign('Delta', '2027-03-20');
    const same = await campaign('Steady', '2027-03-25');
    await tick();
    moment = new Date().toISOString();
    await tick();
    await move(a.id, '2027-03-09');
    await move(b.id, '2027-03-12');
    await move(b.id, '2027-03-16');
    await move(c.id, '2027-03-13');
    expect((await t.api('DELETE', `/api/campaigns/${d.id}`, { token: admin.token })).status).toBe(204);
    const e = await campaign('Echo', '2027-03-28');
    // A change outside the dates moves nothing.
    await t.api('PATCH', `/api/campaigns/${same.id}`, { token: admin.token, body: { title: 'Steady (renamed)' } });
    ids = { a: a.id, b: b.id, c: c.id, d: d.id, e: e.id, same: same.id };
  });

  it('should show each campaign then and now, marked moved, added, removed or same, with the summary', async () => {
    const res = await compare(`at=${encodeURIComponent(moment)}&${MARCH}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const by = new Map((res.body.campaigns as Item[]).map((i) => [i.id, i]));
    expect(by.get(ids.a)).toMatchObject({ change: 'moved', slip_days: 4, then: { live_date: '2027-03-05' }, now: { live_date: '2027-03-09' } });
    expect(by.get(ids.b)).toMatchObject({ change: 'moved', slip_days: 6, then: { live_date: '2027-03-10' } });
    expect(by.get(ids.c)).toMatchObject({ change: 'moved', slip_days: -2 });
    expect(by.get(ids.d)).toMatchObject({ change: 'removed', title: 'Delta', then: { live_date: '2027-03-20' }, now: null });
    expect(by.get(ids.e)).toMatchObject({ change: 'added', then: null, now: { live_date: '2027-03-28' } });
    expect(by.get(ids.same)).toMatchObject({ change: 'same', title: 'Steady (renamed)', slip_days: 0 });
    expect(res.body.summary).toEqual({ moved: 3, added: 1, removed: 1, median_slip_days: 4 });
  });

  it('should leave out campaigns whose plans touch the range neither then nor now', async () => {
    const ids26 = ((await compare(`at=${encodeURIComponent(moment)}&from=2027-03-26&to=2027-03-31`)).body.campaigns as Item[]).map((i) => i.id);
    expect(ids26).toEqual([ids.e]);
    // Alpha's plan ended on the 5th then and ends on the 9th now: it is in a range of the 6th to the 9th.
    const early = ((await compare(`at=${encodeURIComponent(moment)}&from=2027-03-06&to=2027-03-09`)).body.campaigns as Item[]).map((i) => i.id);
    expect(early).toContain(ids.a);
    expect((await compare(`at=${encodeURIComponent(moment)}&from=2027-04-01&to=2027-04-30`)).body.campaigns).toEqual([]);
  });

  it('should show only what the reader may read, and refuse credentials that cannot read history', async () => {
    const seo = await t.signUpAndIn('seo@baselines.test');
    await t.grant(admin.token, seo.userId, ['channel_view', 'seo']);
    expect((await compare(`at=${encodeURIComponent(moment)}&${MARCH}`, seo.token)).body.campaigns).toEqual([]);
    const key = (await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'Embed', read_only: true } })).body;
    expect((await compare(`at=${encodeURIComponent(moment)}&${MARCH}`, key.secret)).status).toBe(403);
  });

  it('should refuse a malformed comparison with the field named', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const cases: Array<[string, string]> = [
      [`at=${encodeURIComponent(future)}&${MARCH}`, 'at'],
      [`at=yesterday&${MARCH}`, 'at'],
      [MARCH, 'at'],
      [`at=${encodeURIComponent(moment)}&from=2027-03-31&to=2027-03-01`, 'to'],
      [`at=${encodeURIComponent(moment)}&from=2027-03-01`, 'to'],
      [`baseline=00000000-0000-4000-8000-000000000000&${MARCH}`, 'baseline'],
    ];
    for (const [query, field] of cases) {
      const res = await compare(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path), query).toContain(field);
    }
  });
});

describe('saved baselines', () => {
  it('should save, list, rename and delete, refusing a duplicate name, an empty name and a moment in the future', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const created = await t.api('POST', '/api/baselines', { token: admin.token, body: { name: 'Q1 plan, approved 3 Jan', at } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Q1 plan, approved 3 Jan', at, created_by: admin.userId, created_by_email: 'admin@baselines.test', version: 1 });
    const dup = await t.api('POST', '/api/baselines', { token: admin.token, body: { name: 'q1 PLAN, approved 3 jan', at } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.details[0].path).toBe('name');
    const empty = await t.api('POST', '/api/baselines', { token: admin.token, body: { name: '  ', at } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].path).toBe('name');
    const future = await t.api('POST', '/api/baselines', { token: admin.token, body: { name: 'Tomorrow', at: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.status).toBe(400);
    expect(future.body.error.details[0]).toMatchObject({ path: 'at', message: expect.stringMatching(/future/) });
    expect((await t.api('GET', '/api/baselines', { token: admin.token })).body.map((b: { id: string }) => b.id)).toContain(created.body.id);
    const renamed = await t.api('PATCH', `/api/baselines/${created.body.id}`, { token: admin.token, body: { name: 'Q1 plan' } });
    expect(renamed.body).toMatchObject({ name: 'Q1 plan', at, version: 2 });
    expect((await t.api('DELETE', `/api/baselines/${created.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', '/api/baselines', { token: admin.token })).body.map((b: { id: string }) => b.id)).not.toContain(created.body.id);
  });

  it('should let creators save, everyone read, only the creator or an administrator change, and no key in', async () => {
    const viewer = await t.signUpAndIn('viewer@baselines.test');
    await t.grant(admin.token, viewer.userId, ['global_view']);
    const creator = await t.signUpAndIn('creator@baselines.test');
    await t.grant(admin.token, creator.userId, ['channel_create', 'email']);
    const at = new Date(Date.now() - 1_000).toISOString();
    expect((await t.api('POST', '/api/baselines', { token: viewer.token, body: { name: 'Viewer', at } })).status).toBe(403);
    const mine = await t.api('POST', '/api/baselines', { token: creator.token, body: { name: 'Creator’s', at } });
    expect(mine.status).toBe(201);
    expect((await t.api('GET', '/api/baselines', { token: viewer.token })).body.map((b: { id: string }) => b.id)).toContain(mine.body.id);
    expect((await t.api('PATCH', `/api/baselines/${mine.body.id}`, { token: viewer.token, body: { name: 'Mine now' } })).status).toBe(403);
    expect((await t.api('PATCH', `/api/baselines/${mine.body.id}`, { token: admin.token, body: { name: 'Renamed by admin' } })).status).toBe(200);
    const key = (await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'Script', read_only: false } })).body;
    expect((await t.api('GET', '/api/baselines', { token: key.secret })).status).toBe(403);
    expect((await t.api('DELETE', `/api/baselines/${mine.body.id}`, { token: creator.token })).status).toBe(204);
  });
});

describe('pruning history', () => {
  it('should keep the entries a saved baseline needs, and let them go once it is deleted', async () => {
    const db = t.services.db;
    const x = await campaign('Pruned past', '2027-06-10');
    await tick();
    const at = new Date().toISOString();
    await tick();
    await move(x.id, '2027-06-20');
    const saved = (await t.api('POST', '/api/baselines', { token: admin.token, body: { name: 'Before the June move', at } })).body;
    // Two years pass: every entry, row and the moment itself are older than the retention.
    const shift = "interval '730 days'";
    await db.raw(`UPDATE history_entries SET at = at - ${shift}`);
    await db.raw(`UPDATE campaigns SET created_at = created_at - ${shift}`);
    await db.raw(`UPDATE baselines SET at = at - ${shift}`);
    const query = `baseline=${saved.id}&from=2027-06-01&to=2027-06-30`;
    const before = (await compare(query)).body;
    expect(before.campaigns.find((i: Item) => i.id === x.id)).toMatchObject({ change: 'moved', slip_days: 10 });

    const removed = await pruneHistory(db, 365);
    expect(removed).toBeGreaterThan(0);
    const after = (await compare(query)).body;
    expect(after.campaigns).toEqual(before.campaigns);
    expect(after.summary).toEqual(before.summary);

    // Without the baseline, the next prune takes the entries it kept: a comparison then sees no move.
    for (const b of (await t.api('GET', '/api/baselines', { token: admin.token })).body) await t.api('DELETE', `/api/baselines/${b.id}`, { token: admin.token });
    expect(await pruneHistory(db, 365)).toBeGreaterThan(0);
    expect(Number((await db('history_entries').where({ resource: 'campaigns', row_id: x.id }).count('* as n').first())!.n)).toBe(0);
  });
});

describe.each(TEST_ZONES)('dates in %s', (zone) => {
  it('should travel as the same YYYY-MM-DD strings then and now', async () => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      const c = await campaign(`Zone ${zone}`, '2027-12-31', { planning_start_date: '2027-12-01', end_date: '2028-01-01' });
      await tick();
      const at = new Date().toISOString();
      await tick();
      await move(c.id, '2028-01-01');
      const item = ((await compare(`at=${encodeURIComponent(at)}&from=2027-12-31&to=2027-12-31`)).body.campaigns as Item[]).find((i) => i.id === c.id);
      expect(item).toMatchObject({ change: 'moved', slip_days: 1, then: { planning_start_date: '2027-12-01', live_date: '2027-12-31', end_date: '2028-01-01' }, now: { live_date: '2028-01-01' } });
    } finally {
      process.env.TZ = saved;
    }
  });
});
