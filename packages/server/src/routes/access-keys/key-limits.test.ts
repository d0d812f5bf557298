import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteTable } from '../../http/route';
import { startTestServer, type TestServer } from '../../test/harness';
import { sleep, subscribedSocket } from '../../test/socket';
import { registerDataRoutes } from '../index';

// What every kind of access key may never do (docs/architecture.md#access-keys, docs/adr/0036):
// administer, read outside its bound view, or outlive the rights of whoever lends it them.

let t: TestServer;
let admin: { token: string; userId: string };
let owner: { token: string; userId: string };
const ids: Record<string, string> = {};

const campaign = async (title: string, extra: object) => {
  const res = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title, planning_start_date: '2026-03-01', live_date: '2026-03-30', ...extra } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const createKey = async (body: object) => {
  const res = await t.api('POST', '/api/access-keys', { token: admin.token, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
};
const titles = async (token: string) => ((await t.api('GET', '/api/campaigns', { token })).body as Array<{ title: string }>).map((c) => c.title).sort();

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@keys.test');
  owner = await t.signUpAndIn('owner@keys.test');
  // The owner reads e-mail alone, and may share views (create rights on e-mail).
  await t.grant(admin.token, owner.userId, ['channel_view', 'email'], ['channel_create', 'email']);
  ids.email = await campaign('Email spring', { channels: ['email'] });
  ids.seo = await campaign('SEO sprint', { channels: ['seo'] });
  ids.pr = await campaign('PR only', { scope: 'channel', primary_channel: 'pr' });
});
afterAll(async () => t?.close());

describe('a key never administers', () => {
  it("should refuse an administrator's full write key on every admin route, with a 403", async () => {
    const key = await createKey({ name: 'Script', read_only: false });
    const table = new RouteTable();
    registerDataRoutes(t.services, table);
    const adminRoutes = table.routes.filter((r) => r.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(8);
    const got: Record<string, number> = {};
    for (const r of adminRoutes) {
      const path = r.path.replace(/:id/g, r.path.startsWith('/api/users') ? admin.userId : '00000000-0000-4000-8000-000000000000');
      got[`${r.method.toUpperCase()} ${r.path}`] = (await t.api(r.method.toUpperCase(), path, { token: key.secret, body: r.method === 'get' || r.method === 'delete' ? undefined : {} })).status;
    }
    expect(got).toEqual(Object.fromEntries(Object.keys(got).map((k) => [k, 403])));
    // A key cannot mint a key that outlives it, nor make itself an administrator's equal.
    expect((await t.api('POST', '/api/access-keys', { token: key.secret, body: { name: 'Child', read_only: false } })).status).toBe(403);
    expect((await t.api('GET', '/api/auth/user', { token: key.secret })).body.abilities.admin).toBe(false);
    // It still does what its creator may with the plan.
    expect((await t.api('POST', '/api/ideas', { token: key.secret, body: { title: 'From a script' } })).status).toBe(201);
  });

  it('should show a key no permission, role or key history', async () => {
    const key = await createKey({ name: 'Script 2', read_only: false });
    await t.grant(admin.token, owner.userId, ['channel_view', 'webinars']);
    for (const resource of ['access-keys', 'permissions', 'roles']) {
      const asAdmin = await t.api('GET', `/api/history?resource=${resource}`, { token: admin.token });
      expect(asAdmin.body.entries.length, resource).toBeGreaterThan(resource === 'roles' ? -1 : 0);
      const asKey = await t.api('GET', `/api/history?resource=${resource}`, { token: key.secret });
      expect([resource, asKey.status, asKey.body.entries]).toEqual([resource, 200, []]);
    }
    const entry = (await t.api('GET', '/api/history?resource=access-keys', { token: admin.token })).body.entries[0];
    expect((await t.api('GET', `/api/history/${entry.id}`, { token: key.secret })).status).toBe(404);
  });
});

describe('a key bound to a saved view', () => {
  it("should read only what both its creator and the view's owner may read, and no idea, comment, event or industry row", async () => {
    // The owner's shared view shows everything; the owner reads e-mail alone.
    const view = await t.api('POST', '/api/views', { token: owner.token, body: { name: 'Everything', query: '', shared: true } });
    expect(view.status).toBe(201);
    const key = await createKey({ name: 'Owner embed', read_only: true, view_id: view.body.id });
    expect(await titles(key.secret)).toEqual(['Email spring']);
    expect((await t.api('GET', `/api/campaigns/${ids.seo}`, { token: key.secret })).status).toBe(404);
    // The owner cannot widen it past their own rights by editing the view.
    expect((await t.api('PATCH', `/api/views/${view.body.id}`, { token: owner.token, body: { query: 'channel=seo,email' } })).status).toBe(200);
    expect(await titles(key.secret)).toEqual(['Email spring']);
    // When the owner gains a right, the key gains it too (and loses it with them).
    await t.grant(admin.token, owner.userId, ['global_view']);
    expect(await titles(key.secret)).toEqual(['Email spring', 'SEO sprint']);

    const idea = await t.api('POST', '/api/ideas', { token: admin.token, body: { title: 'Secret idea' } });
    await t.api('POST', '/api/events', {
      token: admin.token,
      body: { name: 'Expo', vertical: ['water'], audience: ['owners'], start_date: '2026-04-01', end_date: '2026-04-02', type: ['exhibit'] },
    });
    await t.api('POST', '/api/publications', { token: admin.token, body: { name: 'Weekly' } });
    for (const path of ['/api/ideas', '/api/comments', '/api/events', '/api/publications', '/api/ads', '/api/ad-types', '/api/articles', '/api/prospective-publications']) {
      const res = await t.api('GET', path, { token: key.secret });
      expect([path, res.status, res.body]).toEqual([path, 200, []]);
    }
    expect((await t.api('GET', `/api/ideas/${idea.body.id}`, { token: key.secret })).status).toBe(404);
    // Whoever holds the embed's key does not learn who made it.
    const me = await t.api('GET', '/api/auth/user', { token: key.secret });
    expect(me.body.user.email).toBe('');
    expect(JSON.stringify(me.body)).not.toContain('admin@keys.test');
  });

  it('should keep its open socket to its view across a permission change of its creator, and follow an edit of the view', async () => {
    const view = await t.api('POST', '/api/views', { token: admin.token, body: { name: 'Email only', query: 'channel=email', shared: true } });
    const key = await createKey({ name: 'Email embed', read_only: true, view_id: view.body.id });
    const socket = await subscribedSocket(t.url, key.secret, 'campaigns');
    // A no-op role change names the creator: the socket is re-authorised, and must keep the view.
    expect((await t.api('PUT', `/api/users/${admin.userId}/role`, { token: admin.token, body: { role: 'admin' } })).status).toBe(200);
    await t.grant(admin.token, owner.userId, ['channel_view', 'paid']);
    const outside = await campaign('Outside the view', { channels: ['seo'] });
    const inside = await campaign('Inside the view', { channels: ['email'] });
    await socket.waitFor((m) => m.type === 'change' && m.row?.id === inside);
    // The binding is live: narrowed to live e-mail campaigns, a planned one no longer arrives.
    expect((await t.api('PATCH', `/api/views/${view.body.id}`, { token: admin.token, body: { query: 'channel=email&status=live' } })).status).toBe(200);
    const planned = await campaign('Planned e-mail', { channels: ['email'], status: 'planning' });
    const live = await campaign('Live e-mail', { channels: ['email'], status: 'live' });
    await socket.waitFor((m) => m.type === 'change' && m.row?.id === live);
    await sleep(100);
    const heard = socket.changes().map((m) => m.row?.id ?? m.id);
    expect(heard).not.toContain(outside);
    expect(heard).not.toContain(planned);
    expect(JSON.stringify(socket.changes())).not.toContain('Outside the view');
    socket.ws.close();
  });
});

describe('undoing a delete through history', () => {
  it('should need the right to delete: a user with no permissions cannot bring back a comment or an idea', async () => {
    const author = await t.signUpAndIn('author@keys.test');
    const nobody = await t.signUpAndIn('nobody@keys.test');
    const idea = (await t.api('POST', '/api/ideas', { token: author.token, body: { title: 'Removed by an admin' } })).body;
    const comment = (await t.api('POST', `/api/ideas/${idea.id}/comments`, { token: author.token, body: { comment: 'Regretted' } })).body;
    expect((await t.api('DELETE', `/api/comments/${comment.id}`, { token: author.token })).status).toBe(204);
    expect((await t.api('DELETE', `/api/ideas/${idea.id}`, { token: admin.token })).status).toBe(204);
    const deleteOf = async (resource: string, id: string) =>
      (await t.api('GET', `/api/history?resource=${resource}&id=${id}`, { token: admin.token })).body.entries.find((e: { action: string }) => e.action === 'delete').id;
    const ideaEntry = await deleteOf('ideas', idea.id);
    const commentEntry = await deleteOf('comments', comment.id);
    expect((await t.api('POST', `/api/history/${ideaEntry}/revert`, { token: nobody.token })).status).toBe(403);
    expect((await t.api('GET', `/api/ideas/${idea.id}`, { token: admin.token })).status).toBe(404);
    // Its author may (they could have deleted it), and then the comment's author theirs.
    expect((await t.api('POST', `/api/history/${ideaEntry}/revert`, { token: author.token })).status).toBe(200);
    expect((await t.api('POST', `/api/history/${commentEntry}/revert`, { token: nobody.token })).status).toBe(403);
    expect((await t.api('POST', `/api/history/${commentEntry}/revert`, { token: author.token })).status).toBe(200);
  });
});
