import type { CampaignStats, SavedView } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

/** Saved views (docs/adr/0032): who sees and changes them, what a query may hold, and their counts. */

let t: TestServer;
let admin: string;
let editor: { token: string; userId: string };
let viewer: { token: string; userId: string };

const CAMPAIGNS: Array<Record<string, unknown>> = [
  { title: 'Spring launch email', channels: ['email'], status: 'live', priority: 'high', owner: 'Dana Reyes' },
  { title: 'Spring launch social', channels: ['social'], status: 'live', priority: 'medium', owner: 'Sam Lee' },
  { title: 'Webinar series', channels: ['webinars', 'email'], status: 'planning', priority: 'low', owner: 'Dana Reyes' },
  { title: 'Newsletter', scope: 'channel', primary_channel: 'email', status: 'completed', priority: 'medium', owner: 'sam lee' },
  { title: 'Paid push', channels: ['paid'], status: 'live', priority: 'high', owner: null },
];

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  editor = await t.signUpAndIn('editor@example.com');
  viewer = await t.signUpAndIn('viewer@example.com');
  await t.grant(admin, editor.userId, ['global_view'], ['global_create']);
  await t.grant(admin, viewer.userId, ['global_view']);
  for (const body of CAMPAIGNS) {
    const res = await t.api('POST', '/api/campaigns', { token: admin, body: { planning_start_date: '2026-11-01', live_date: '2026-11-10', ...body } });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => t?.close());

const create = (token: string, body: object) => t.api('POST', '/api/views', { token, body });
const names = async (token: string) => ((await t.api('GET', '/api/views', { token })).body as SavedView[]).map((v) => v.name);

describe('saved views', () => {
  it('should keep personal views to their owner and show shared ones to everyone who may read the dashboard, shared first', async () => {
    const mine = await create(viewer.token, { name: 'My live', query: 'status=live&tab=list' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ name: 'My live', dashboard: 'global', query: 'status=live&tab=list', shared: false, created_by: viewer.userId, created_by_email: 'viewer@example.com', version: 1 });
    const shared = await create(editor.token, { name: 'Email live', query: '?channel=email&status=live', shared: true });
    expect(shared.status).toBe(201);
    expect(shared.body.query).toBe('channel=email&status=live');
    expect(await names(viewer.token)).toEqual(['Email live', 'My live']);
    expect(await names(editor.token)).toEqual(['Email live']);
    expect((await t.api('GET', `/api/views/${mine.body.id}`, { token: editor.token })).status).toBe(404);
    expect((await t.api('GET', `/api/views/${shared.body.id}`, { token: viewer.token })).body.name).toBe('Email live');
  });

  it('should let only admins and users with create rights share, and only the owner or an admin change a shared view', async () => {
    const refused = await create(viewer.token, { name: 'Team', query: '', shared: true });
    expect(refused.status).toBe(403);
    const v = (await create(editor.token, { name: 'Editor shared', query: 'q=launch', shared: true })).body as SavedView;
    expect((await t.api('PATCH', `/api/views/${v.id}`, { token: viewer.token, body: { name: 'Mine now' } })).status).toBe(403);
    expect((await t.api('DELETE', `/api/views/${v.id}`, { token: viewer.token })).status).toBe(403);
    const renamed = await t.api('PATCH', `/api/views/${v.id}`, { token: admin, body: { name: 'Launches' }, headers: { 'If-Match': '1' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Launches', version: 2 });
    const stale = await t.api('PATCH', `/api/views/${v.id}`, { token: editor.token, body: { query: 'q=spring' }, headers: { 'If-Match': '1' } });
    expect(stale.status).toBe(412);
    expect(stale.body.error.current).toMatchObject({ name: 'Launches', version: 2 });
    expect((await t.api('DELETE', `/api/views/${v.id}`, { token: editor.token })).status).toBe(204);
    expect((await t.api('GET', `/api/views/${v.id}`, { token: editor.token })).status).toBe(404);
  });

  it('should refuse a second view of the same name, ignoring case, per owner and among shared views', async () => {
    await create(viewer.token, { name: 'Dup', query: '' });
    const again = await create(viewer.token, { name: 'dup', query: 'tab=list' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ message: 'A view named “dup” already exists', details: [{ path: 'name' }] });
    expect((await create(editor.token, { name: 'DUP', query: '' })).status).toBe(201);
    expect((await create(editor.token, { name: 'Dup', query: '', shared: true })).status).toBe(201);
    expect((await create(admin, { name: 'dUP', query: '', shared: true })).status).toBe(409);
  });

  it('should refuse a query the dashboard would drop, naming the parameter and why', async () => {
    const unknown = await create(viewer.token, { name: 'Bad', query: 'tab=list&colour=red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ path: 'query', message: expect.stringContaining('colour=red (Unknown parameter)') }]);
    const channelTab = await create(viewer.token, { name: 'Bad', dashboard: 'email', query: 'tab=channels' });
    expect(channelTab.status).toBe(400);
    expect(channelTab.body.error.details[0].message).toContain('tab=channels');
    const channelFilter = await create(viewer.token, { name: 'Bad', dashboard: 'email', query: 'channel=social' });
    expect(channelFilter.body.error.details[0].message).toContain('This dashboard shows one channel');
    const badDashboard = await create(viewer.token, { name: 'Bad', dashboard: 'fax', query: '' });
    expect(badDashboard.status).toBe(400);
    expect(badDashboard.body.error.details[0].path).toBe('dashboard');
  });

  it('should count for each view what its dashboard shows, in agreement with the filtered list and stats', async () => {
    const queries: Array<[string, string]> = [
      ['global', ''],
      ['global', 'channel=email,social&status=live'],
      ['global', 'q=launch&tab=timeline&range=quarter'],
      ['global', 'owner=SAM%20LEE'],
      ['email', 'status=completed'],
      ['email', ''],
    ];
    const ids: string[] = [];
    for (const [i, [dashboard, query]] of queries.entries()) {
      const res = await create(admin, { name: `Count ${i}`, dashboard, query });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const { counts } = (await t.api('GET', '/api/views/counts', { token: admin })).body as { counts: Record<string, number> };
    for (const [i, [dashboard, query]] of queries.entries()) {
      const params = new URLSearchParams(query);
      for (const k of ['tab', 'range', 'mode', 'date']) params.delete(k);
      if (dashboard !== 'global') params.set('channel', dashboard);
      const list = (await t.api('GET', `/api/campaigns?${params}`, { token: admin })).body as unknown[];
      const stats = (await t.api('GET', `/api/campaigns/stats?${params}`, { token: admin })).body as CampaignStats;
      expect(counts[ids[i]!], `${dashboard}?${query}`).toBe(list.length);
      expect(stats.total).toBe(list.length);
    }
    expect(counts[ids[1]!]).toBe(2);
    expect(counts[ids[4]!]).toBe(1);
    expect(counts[ids[5]!]).toBe(3);
  });

  it('should count only the campaigns the caller may read', async () => {
    const email = await t.signUpAndIn('email-only@example.com');
    await t.grant(admin, email.userId, ['channel_view', 'email']);
    const v = (await create(email.token, { name: 'All', query: '' })).body as SavedView;
    const { counts } = (await t.api('GET', '/api/views/counts', { token: email.token })).body;
    expect(counts[v.id]).toBe(((await t.api('GET', '/api/campaigns', { token: email.token })).body as unknown[]).length);
    expect(Object.keys(counts)).toContain(v.id);
  });

  it('should keep a deleted user’s shared views and delete their personal ones', async () => {
    const leaver = await t.signUpAndIn('leaver@example.com');
    await t.grant(admin, leaver.userId, ['global_view'], ['global_create']);
    const shared = (await create(leaver.token, { name: 'Leaver shared', query: 'status=live', shared: true })).body as SavedView;
    const personal = (await create(leaver.token, { name: 'Leaver own', query: '' })).body as SavedView;
    // No route deletes users yet (an admin tool or SQL does): the rule lives in the database.
    await t.services.db('users').where({ id: leaver.userId }).delete();
    const kept = await t.api('GET', `/api/views/${shared.id}`, { token: admin });
    expect(kept.body).toMatchObject({ name: 'Leaver shared', created_by: null, created_by_email: null });
    expect(await t.services.db('saved_views').where({ id: personal.id }).first()).toBeUndefined();
    expect((await t.api('PATCH', `/api/views/${shared.id}`, { token: admin, body: { query: 'status=planning' } })).status).toBe(200);
  });

  it('should refuse access keys, even an admin’s', async () => {
    const key = (await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Script', read_only: false } })).body;
    for (const [method, path] of [['GET', '/api/views'], ['GET', '/api/views/counts'], ['POST', '/api/views']] as const) {
      const res = await t.api(method, path, { token: key.secret, body: method === 'POST' ? { name: 'k', query: '' } : undefined });
      expect(res.status, path).toBe(403);
      expect(res.body.error.message).toBe('Access keys cannot use saved views');
    }
  });

  describe('undo of a delete', () => {
    const restore = (token: string, id: string) => t.api('POST', `/api/views/${id}/restore`, { token });

    it('should bring a view back with its id, owner and creation time, once, and only for whoever deleted it', async () => {
      const v = (await create(editor.token, { name: 'Undo me', query: 'status=live', shared: true })).body as SavedView;
      expect((await t.api('DELETE', `/api/views/${v.id}`, { token: admin })).status).toBe(204);
      const notTheirs = await restore(editor.token, v.id);
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.body.error.message).toBe('This view can no longer be restored');
      const back = await restore(admin, v.id);
      expect(back.status).toBe(201);
      expect(back.body).toMatchObject({ id: v.id, name: 'Undo me', query: 'status=live', shared: true, created_by: editor.userId, created_by_email: 'editor@example.com', created_at: v.created_at, version: 2 });
      expect(await names(viewer.token)).toContain('Undo me');
      expect((await restore(admin, v.id)).status).toBe(404);
    });

    it('should refuse to restore over a name taken meanwhile, naming the field, and keep the view for a later try', async () => {
      const v = (await create(viewer.token, { name: 'Later', query: '' })).body as SavedView;
      await t.api('DELETE', `/api/views/${v.id}`, { token: viewer.token });
      const taken = (await create(viewer.token, { name: 'later', query: 'status=live' })).body as SavedView;
      const refused = await restore(viewer.token, v.id);
      expect(refused.status).toBe(409);
      expect(refused.body.error.details).toEqual([{ path: 'name', message: 'A view named “Later” already exists' }]);
      await t.api('DELETE', `/api/views/${taken.id}`, { token: viewer.token });
      expect((await restore(viewer.token, v.id)).body).toMatchObject({ id: v.id, name: 'Later', created_by: viewer.userId });
    });

    it('should keep a shared view ownerless when its owner left after it was deleted', async () => {
      const leaver = await t.signUpAndIn('leaver2@example.com');
      await t.grant(admin, leaver.userId, ['global_view'], ['global_create']);
      const v = (await create(leaver.token, { name: 'Left behind', query: '', shared: true })).body as SavedView;
      await t.api('DELETE', `/api/views/${v.id}`, { token: admin });
      await t.services.db('users').where({ id: leaver.userId }).delete();
      expect((await restore(admin, v.id)).body).toMatchObject({ id: v.id, created_by: null, shared: true });
    });

    it('should answer 404 for an id that is not a view’s, and 403 to an access key', async () => {
      expect((await restore(admin, 'not-a-uuid')).status).toBe(404);
      expect((await restore(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      const key = (await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Undo script', read_only: false } })).body;
      expect((await restore(key.secret, '00000000-0000-4000-8000-000000000000')).status).toBe(403);
    });
  });
});
