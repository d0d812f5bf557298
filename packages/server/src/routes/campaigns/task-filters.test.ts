import { addDays, campaignMatchesFilter, todayYmd, type Campaign, type CampaignFilter } from '@cadence/core';
import { TEST_ZONES } from '@cadence/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * The task filters of the dashboards (docs/adr/0050): `assignee=<id|me>` keeps the campaigns with a
 * task assigned to that user, `overdue=1` those with an open task due before today, today being the
 * server's (its process runs in the team's time zone). The list, its pages, the stats, the view
 * counts and a key bound to a view all answer the same, as core's rule does.
 */

let t: TestServer;
let admin: { token: string; userId: string };
let viewer: { token: string; userId: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@filters.test');
  viewer = await t.signUpAndIn('viewer@filters.test');
  await t.grant(admin.token, viewer.userId, ['global_view'], ['channel_view', 'email']);
});
afterAll(async () => t?.close());

async function campaign(title: string): Promise<Campaign> {
  const res = await t.api('POST', '/api/campaigns', {
    token: admin.token,
    body: { title: `${title} ${++serial}`, planning_start_date: '2026-03-01', live_date: '2026-03-20', channels: ['email'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function task(campaignId: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await t.api('POST', `/api/campaigns/${campaignId}/tasks`, { token: admin.token, body: { title: `Task ${++serial}`, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const list = async (query: string, token = admin.token): Promise<Campaign[]> => {
  const res = await t.api('GET', `/api/campaigns?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id).sort();

describe('assignee=', () => {
  it('should keep the campaigns with a task assigned to the user, open or done, and `me` be the caller', async () => {
    const mine = await campaign('Viewer’s');
    const done = await campaign('Viewer’s done');
    const others = await campaign('Admin’s');
    await campaign('No tasks');
    await task(mine.id, { assignee_id: viewer.userId });
    await task(mine.id, { assignee_id: viewer.userId });
    await task(done.id, { assignee_id: viewer.userId, status: 'done' });
    await task(others.id, { assignee_id: admin.userId });
    await task(others.id, {});
    expect(ids(await list(`assignee=${viewer.userId}`))).toEqual(ids([mine, done]));
    expect(ids(await list('assignee=me', viewer.token))).toEqual(ids([mine, done]));
    expect(ids(await list('assignee=me'))).toEqual(ids([others]));
    // Upper-case ids are the same user.
    expect(ids(await list(`assignee=${viewer.userId.toUpperCase()}`))).toEqual(ids([mine, done]));
    const stats = (await t.api('GET', '/api/campaigns/stats?assignee=me', { token: viewer.token })).body;
    expect(stats.total).toBe(2);
    const page = await t.api('GET', '/api/campaigns?assignee=me&limit=1', { token: viewer.token });
    expect(page.body).toHaveLength(1);
    const next = page.headers.get('x-next-cursor');
    const rest = await list(`assignee=me&limit=1&cursor=${encodeURIComponent(next!)}`, viewer.token);
    expect(ids([...page.body, ...rest])).toEqual(ids([mine, done]));
  });

  it('should follow a reassignment and a deleted task through the summary', async () => {
    const c = await campaign('Reassigned');
    const x = await task(c.id, { assignee_id: viewer.userId });
    expect((await list(`assignee=${viewer.userId}`)).map((r) => r.id)).toContain(c.id);
    await t.api('PATCH', `/api/tasks/${x.id}`, { token: admin.token, body: { assignee_id: admin.userId } });
    expect((await list(`assignee=${viewer.userId}`)).map((r) => r.id)).not.toContain(c.id);
    expect((await list(`assignee=${admin.userId}`)).map((r) => r.id)).toContain(c.id);
    await t.api('DELETE', `/api/tasks/${x.id}`, { token: admin.token });
    expect((await list(`assignee=${admin.userId}`)).map((r) => r.id)).not.toContain(c.id);
  });

  it('should answer as core’s rule does for every campaign', async () => {
    const all = await list('');
    for (const [filter, me] of [[{ assignee: viewer.userId }, admin.userId], [{ assignee: 'me' }, viewer.userId], [{ overdue: '1' }, admin.userId]] as Array<[CampaignFilter, string]>) {
      const expected = all.filter((c) => campaignMatchesFilter(c, filter, { me })).map((c) => c.id).sort();
      const token = me === viewer.userId ? viewer.token : admin.token;
      expect(ids(await list(new URLSearchParams(filter as Record<string, string>).toString(), token)), JSON.stringify(filter)).toEqual(expected);
    }
  });

  it('should count a saved view and bind a key by the task filters, `me` being the reader (a key: its creator)', async () => {
    const view = (await t.api('POST', '/api/views', { token: viewer.token, body: { name: 'My tasks', query: 'assignee=me&tab=list' } })).body;
    expect(view.query).toContain('assignee=me');
    const mine = await list('assignee=me', viewer.token);
    expect(mine.length).toBeGreaterThan(0);
    expect((await t.api('GET', '/api/views/counts', { token: viewer.token })).body.counts[view.id]).toBe(mine.length);
    // Keys are an administrator's: the admin's own view of their tasks, and a key bound to it.
    const adminView = (await t.api('POST', '/api/views', { token: admin.token, body: { name: 'Admin tasks', query: 'assignee=me&tab=list', shared: true } })).body;
    const adminsOwn = await list('assignee=me');
    const key = await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'My tasks board', read_only: true, view_id: adminView.id } });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    expect(ids(await list('', key.body.secret))).toEqual(ids(adminsOwn));
    const outside = (await list('')).find((c) => !adminsOwn.some((m) => m.id === c.id))!;
    expect((await t.api('GET', `/api/campaigns/${outside.id}`, { token: key.body.secret })).status).toBe(404);
    expect((await t.api('GET', `/api/campaigns/${adminsOwn[0]!.id}`, { token: key.body.secret })).status).toBe(200);
  });
});

describe('bad task filters', () => {
  it.each([
    ['/api/campaigns?assignee=dana', 'assignee'],
    ['/api/campaigns?overdue=yes', 'overdue'],
    ['/api/campaigns/stats?assignee=', 'assignee'],
    ['/api/campaigns/stats?overdue=0', 'overdue'],
    ['/api/dashboard/virtual?assignee=42', 'assignee'],
  ])('%s → 400 naming %s', async (path, field) => {
    const res = await t.api('GET', path, { token: admin.token });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });
});

describe.each(TEST_ZONES)('overdue=1 with the server in %s', (zone) => {
  it('should keep the campaigns whose earliest open task was due before the server’s today', async () => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      const today = todayYmd();
      const late = await campaign('Late');
      const dueToday = await campaign('Due today');
      const doneLate = await campaign('Done late');
      await task(late.id, { due_date: addDays(today, -1) });
      await task(late.id, { due_date: addDays(today, 5) });
      await task(dueToday.id, { due_date: today });
      await task(doneLate.id, { due_date: addDays(today, -3), status: 'done' });
      const overdue = (await list('overdue=1')).map((c) => c.id);
      expect(overdue).toContain(late.id);
      expect(overdue).not.toContain(dueToday.id);
      expect(overdue).not.toContain(doneLate.id);
      // Every campaign the server calls overdue, core calls overdue on the same today.
      for (const c of await list('overdue=1')) expect(campaignMatchesFilter(c, { overdue: '1' }, { today })).toBe(true);
      expect((await t.api('GET', '/api/campaigns/stats?overdue=1', { token: admin.token })).body.total).toBe(overdue.length);
    } finally {
      process.env.TZ = saved;
    }
  });
});

describe('the API description', () => {
  it('should document both task filters on the list, the stats and the virtual campaigns (the fuzzer reads them from here)', async () => {
    const doc = (await t.api('GET', '/api/openapi.json', { token: admin.token })).body;
    for (const path of ['/api/campaigns', '/api/campaigns/stats', '/api/dashboard/virtual']) {
      const names = (doc.paths[path].get.parameters as Array<{ name: string; in: string }>).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, path).toEqual(expect.arrayContaining(['assignee', 'overdue']));
    }
  });
});
