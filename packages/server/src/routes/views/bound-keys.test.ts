import ICAL from 'ical.js';
import { CONFLICTS_NOT_BINDABLE, addDays, todayYmd, type Campaign, type CampaignStats, type SavedView, type VirtualCampaign } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { sleep, subscribedSocket } from '../../test/socket';

/**
 * An access key bound to a saved view (docs/adr/0032) never gets a campaign outside the
 * view: not on the list, its pages or window, the stats, one campaign, the virtual campaigns, the
 * ICS feed or the realtime feed; and it follows edits to the view.
 */

let t: TestServer;
let admin: string;
let view: SavedView;
let key: { id: string; secret: string; view_id: string | null };

const CAMPAIGNS: Array<Record<string, unknown>> = [
  { title: 'Live email', channels: ['email'], status: 'live' },
  { title: 'Live email and social', channels: ['email', 'social'], status: 'live' },
  { title: 'Planned email', channels: ['email'], status: 'planning' },
  { title: 'Live social', channels: ['social'], status: 'live' },
  { title: 'Email newsletter', scope: 'channel', primary_channel: 'email', status: 'live' },
];
const IN_VIEW = ['Email newsletter', 'Live email', 'Live email and social'];

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  for (const [i, body] of CAMPAIGNS.entries()) {
    const res = await t.api('POST', '/api/campaigns', { token: admin, body: { planning_start_date: '2026-11-01', live_date: `2026-11-1${i}`, ...body } });
    expect(res.status).toBe(201);
  }
  const event = { name: 'Expo', vertical: ['water'], audience: ['engineers'], start_date: '2026-11-10', end_date: '2026-11-12', type: ['exhibit'] };
  expect((await t.api('POST', '/api/events', { token: admin, body: event })).status).toBe(201);
  view = (await t.api('POST', '/api/views', { token: admin, body: { name: 'Live email', query: 'channel=email&status=live&tab=list', shared: true } })).body;
  const created = await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Email board', read_only: true, view_id: view.id } });
  expect(created.status).toBe(201);
  key = created.body;
});
afterAll(async () => t?.close());

const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title).sort();
const asKey = <T = any>(path: string) => t.api<T>('GET', path, { token: key.secret });

describe('a key bound to a saved view', () => {
  it('should say which view it is bound to', async () => {
    expect(key.view_id).toBe(view.id);
    const list = (await t.api('GET', '/api/access-keys', { token: admin })).body as Array<{ id: string; view_id: string | null }>;
    expect(list.find((k) => k.id === key.id)?.view_id).toBe(view.id);
  });

  it('should read only the view’s campaigns on the list, its pages and window, the stats and one campaign', async () => {
    expect(titles((await asKey('/api/campaigns')).body)).toEqual(IN_VIEW);
    // Asking for more than the view (another channel, another status) adds nothing.
    expect(titles((await asKey('/api/campaigns?channel=social')).body)).toEqual(['Live email and social']);
    expect((await asKey('/api/campaigns?status=planning')).body).toEqual([]);
    const first = await asKey('/api/campaigns?limit=2');
    const next = first.headers.get('x-next-cursor');
    expect(next).toBeTruthy();
    const second = await asKey(`/api/campaigns?limit=2&cursor=${encodeURIComponent(next!)}`);
    expect(titles([...first.body, ...second.body])).toEqual(IN_VIEW);
    expect(titles((await asKey('/api/campaigns?from=2026-11-01&to=2026-11-30')).body)).toEqual(IN_VIEW);
    const stats = (await asKey<CampaignStats>('/api/campaigns/stats')).body;
    expect(stats.total).toBe(3);
    const all = (await t.api('GET', '/api/campaigns', { token: admin })).body as Campaign[];
    for (const c of all) {
      expect((await asKey(`/api/campaigns/${c.id}`)).status, c.title).toBe(IN_VIEW.includes(c.title) ? 200 : 404);
    }
  });

  it('should apply the view to the virtual campaigns', async () => {
    expect((await t.api('GET', '/api/dashboard/virtual', { token: admin })).body.map((r: VirtualCampaign) => r.title)).toContain('Expo');
    expect((await asKey('/api/dashboard/virtual')).body).toEqual([]);
  });

  it('should list only the view’s campaigns in the ICS feed, under the view’s name', async () => {
    const res = await fetch(`${t.url}/api/calendar.ics?key=${encodeURIComponent(key.secret)}`);
    expect(res.status).toBe(200);
    const cal = new ICAL.Component(ICAL.parse(await res.text()));
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Cadence: Live email');
    expect(cal.getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('summary'))).sort()).toEqual(IN_VIEW);
  });

  it('should receive on the realtime feed only the changes to the view’s campaigns', async () => {
    const s = await subscribedSocket(t.url, key.secret, 'campaigns');
    const post = (title: string, channels: string[], status: string) =>
      t.api('POST', '/api/campaigns', { token: admin, body: { title, channels, status, planning_start_date: '2026-12-01', live_date: '2026-12-05' } });
    await post('Realtime social', ['social'], 'live');
    await post('Realtime planned email', ['email'], 'planning');
    await post('Realtime live email', ['email'], 'live');
    await s.waitFor((m) => m.row?.title === 'Realtime live email');
    await sleep(150);
    expect(s.changes().map((m) => m.row?.title)).toEqual(['Realtime live email']);
    // A campaign that leaves the view is a removal for the key.
    const moved = (await t.api('GET', '/api/campaigns?q=Realtime%20live', { token: admin })).body[0] as Campaign;
    await t.api('PATCH', `/api/campaigns/${moved.id}`, { token: admin, body: { status: 'completed' } });
    expect(await s.waitFor((m) => m.type === 'change' && m.id === moved.id)).toMatchObject({ op: 'delete', id: moved.id });
    // An edit to a campaign outside the view, in no state it had, tells the key nothing but that id.
    expect(s.changes().every((m) => m.row === undefined || IN_VIEW.includes(m.row.title) || m.row.title === 'Realtime live email')).toBe(true);
    s.ws.close();
    await t.api('DELETE', `/api/campaigns/${moved.id}`, { token: admin });
  });

  it('should be refused the saved views themselves', async () => {
    expect((await asKey('/api/views/counts')).status).toBe(403);
    expect((await asKey('/api/views')).status).toBe(403);
  });

  it('should follow edits to the view at once', async () => {
    const edited = await t.api('PATCH', `/api/views/${view.id}`, { token: admin, body: { query: 'channel=social' } });
    expect(edited.status).toBe(200);
    expect(titles((await asKey('/api/campaigns')).body)).toEqual(['Live email and social', 'Live social', 'Realtime social']);
    await t.api('PATCH', `/api/views/${view.id}`, { token: admin, body: { dashboard: 'email', query: 'status=live' } });
    expect(titles((await asKey('/api/campaigns')).body)).toEqual(['Email newsletter', 'Live email', 'Live email and social']);
    await t.api('PATCH', `/api/views/${view.id}`, { token: admin, body: { dashboard: 'global', query: 'channel=email&status=live&tab=list' } });
  });

  it('should refuse a view whose query holds a NUL, and read nothing (never fail) through a stored one', async () => {
    for (const query of ['q=%00', 'owner=%00', 'q=a%00b&tab=list']) {
      const res = await t.api('POST', '/api/views', { token: admin, body: { name: `NUL ${query}`, query, shared: true } });
      expect([query, res.status, res.body.error?.details?.[0]?.path]).toEqual([query, 400, 'query']);
    }
    expect((await t.api('GET', '/api/campaigns?q=%00', { token: admin })).status).toBe(400);
    // One stored before this rule (written behind the API's back): the counts still answer, and its key reads nothing.
    const stored = (await t.api('POST', '/api/views', { token: admin, body: { name: 'Soon NUL', query: '', shared: true } })).body as SavedView;
    const bound = (await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'NUL board', read_only: true, view_id: stored.id } })).body;
    await t.services.db('saved_views').where({ id: stored.id }).update({ query: 'q=%00' });
    t.services.principals.invalidate();
    const counts = await t.api('GET', '/api/views/counts', { token: admin });
    expect(counts.status).toBe(200);
    expect(counts.body.counts[stored.id]).toBe(0);
    const asBound = await t.api('GET', '/api/campaigns', { token: bound.secret });
    expect([asBound.status, asBound.body]).toEqual([200, []]);
    expect((await t.api('GET', '/api/campaigns/stats', { token: bound.secret })).body.total).toBe(0);
    expect((await t.api('DELETE', `/api/access-keys/${bound.id}`, { token: admin })).status).toBe(204);
  });

  it('should refuse to bind a personal view, an unknown one, or a key that can write', async () => {
    const personal = (await t.api('POST', '/api/views', { token: admin, body: { name: 'Mine', query: '' } })).body as SavedView;
    const refuse = async (body: object, message: string) => {
      const res = await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Bad', ...body } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ path: 'view_id', message }]);
    };
    await refuse({ view_id: personal.id }, 'Only a shared view can be bound to a key');
    await refuse({ view_id: '00000000-0000-4000-8000-000000000000' }, 'No saved view has this id');
    await refuse({ view_id: view.id, read_only: false }, 'A key bound to a view must be read-only');
  });

  it('should refuse a view filtered to Conflicts to a key and a link, and that filter to a view a key or link reads, changing nothing', async () => {
    // Conflicts are worked out from the whole plan when someone looks; a key reads row by row (docs/adr/0068).
    const clashes = (await t.api('POST', '/api/views', { token: admin, body: { name: 'Clashes', query: 'conflicts=1', shared: true } })).body as SavedView;
    const bind = await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Clashes feed', read_only: true, view_id: clashes.id } });
    expect(bind.status).toBe(400);
    expect(bind.body.error.details).toEqual([{ path: 'view_id', message: CONFLICTS_NOT_BINDABLE }]);
    const link = await t.api('POST', `/api/views/${clashes.id}/share-links`, { token: admin, body: { expires_on: addDays(todayYmd(), 7) } });
    expect(link.status).toBe(400);
    expect(link.body.error.details).toEqual([{ path: 'view', message: CONFLICTS_NOT_BINDABLE }]);
    expect((await t.api('GET', '/api/access-keys', { token: admin })).body.map((k: { name: string }) => k.name)).not.toContain('Clashes feed');
    expect((await t.api('GET', '/api/share-links', { token: admin })).body).toEqual([]);

    const patch = await t.api('PATCH', `/api/views/${view.id}`, { token: admin, body: { query: 'channel=email&status=live&conflicts=1&tab=list' } });
    expect(patch.status).toBe(409);
    expect(patch.body.error.details).toEqual([{ path: 'query', message: `This view is bound to the access key “Email board”. ${CONFLICTS_NOT_BINDABLE}.` }]);
    expect((await t.api('GET', `/api/views/${view.id}`, { token: admin })).body.query).toBe(view.query);

    const shared = (await t.api('POST', '/api/views', { token: admin, body: { name: 'Linked', query: 'channel=social', shared: true } })).body as SavedView;
    expect((await t.api('POST', `/api/views/${shared.id}/share-links`, { token: admin, body: { expires_on: addDays(todayYmd(), 7) } })).status).toBe(201);
    const linked = await t.api('PATCH', `/api/views/${shared.id}`, { token: admin, body: { query: 'channel=social&conflicts=1' } });
    expect(linked.status).toBe(409);
    expect(linked.body.error.message).toBe(`This view is shared by 1 stakeholder link. ${CONFLICTS_NOT_BINDABLE}.`);
    // Without a key or an open link, the filter is the owner's to add.
    expect((await t.api('PATCH', `/api/views/${clashes.id}`, { token: admin, body: { query: 'conflicts=1&channel=email' } })).status).toBe(200);
  });

  it('should keep a bound view shared and in place while the key is active', async () => {
    const del = await t.api('DELETE', `/api/views/${view.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe('This view is bound to the access key “Email board”. Revoke the key first.');
    expect((await t.api('PATCH', `/api/views/${view.id}`, { token: admin, body: { shared: false } })).status).toBe(409);
    expect((await t.api('DELETE', `/api/access-keys/${key.id}`, { token: admin })).status).toBe(204);
    expect((await t.api('DELETE', `/api/views/${view.id}`, { token: admin })).status).toBe(204);
  });
});
