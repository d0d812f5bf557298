import { applyStatsChange, applyViewCountsChange, savedViewFilter, type CampaignStatsQuery, type StatsInPlace, type ViewCountsInPlace } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { subscribedSocket, type TestSocket } from '../test/socket';

// Counts moved by realtime changes alone (docs/adr/0034) end up equal to a fresh answer: every
// kind of change, a change the answer already held, and rows the reader may not read.
let t: TestServer;
let admin: string;
let viewer: { token: string; userId: string };
const campaign = (title: string, channels: string[], extra: object = {}) => ({ title, planning_start_date: '2026-05-01', live_date: '2026-05-10', channels, ...extra });
const withoutBookkeeping = ({ as_of: _a, counted: _c, ...s }: StatsInPlace) => s;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  viewer = await t.signUpAndIn('viewer@example.com');
  await t.grant(admin, viewer.userId, ['channel_view', 'email']);
  for (const [title, channels, extra] of [
    ['Spring email', ['email'], { owner: 'Ana' }],
    ['SEO audit', ['seo'], { owner: 'Bo' }],
    ['Email and social', ['email', 'social'], { status: 'live', owner: 'Bo' }],
  ] as const) {
    expect((await t.api('POST', '/api/campaigns', { token: admin, body: campaign(title, [...channels], extra) })).status).toBe(201);
  }
});
afterAll(async () => t?.close());

async function stats(token: string, query: string): Promise<StatsInPlace> {
  const res = await t.api('GET', `/api/campaigns/stats${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** Applies every change frame received so far, in order, as the widgets do. */
function applyAll(s: TestSocket, from: StatsInPlace, filter: CampaignStatsQuery): StatsInPlace {
  return s.changes().reduce<StatsInPlace>((acc, m) => {
    const next = applyStatsChange(acc, { seq: m.seq, id: m.op === 'delete' ? m.id : m.row.id, row: m.op === 'delete' ? null : m.row, basis: m.basis }, filter);
    expect(next, `change ${JSON.stringify(m)}`).not.toBeNull();
    return next!;
  }, from);
}

describe('counts applied in place', () => {
  for (const [who, query, filter] of [
    ['admin', '', {}],
    ['viewer', '', {}],
    ['admin', '?status=live', { status: 'live' }],
    ['viewer', '?channel=email&scope=global', { channel: ['email'], scope: 'global' }],
  ] as const) {
    it(`should equal a fresh answer after inserts, edits, moves, scope changes and deletes (${who} ${query || 'unfiltered'})`, async () => {
      const token = who === 'admin' ? admin : viewer.token;
      const s = await subscribedSocket(t.url, token, 'campaigns');
      // Written after subscribing but before the counts are read: the answer holds it already.
      const early = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Early bird', ['email'], { owner: 'Cy' }) })).body;
      const before = await stats(token, query);
      const made = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Fresh email', ['email'], { owner: 'Dee' }) })).body;
      const hidden = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Hidden seo', ['seo']) })).body;
      const patch = async (id: string, body: object) => expect((await t.api('PATCH', `/api/campaigns/${id}`, { token: admin, body })).status).toBe(200);
      await patch(made.id, { status: 'live' });
      await patch(made.id, { channels: ['seo'] }); // the viewer loses it
      await patch(made.id, { channels: ['email', 'paid'], owner: 'Ana' }); // and gets it back
      await patch(hidden.id, { status: 'completed' });
      await patch(early.id, { owner: 'Eve', status: 'in-progress' });
      expect((await t.api('DELETE', `/api/campaigns/${early.id}`, { token: admin })).status).toBe(204);
      const last = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Last one', ['email']) })).body;
      await s.waitFor((m) => m.row?.id === last.id);
      const fresh = await stats(token, query);
      expect(withoutBookkeeping(applyAll(s, before, filter))).toEqual(withoutBookkeeping(fresh));
      // Clean up, so each case starts from the same rows.
      for (const id of [made.id, hidden.id, last.id]) await t.api('DELETE', `/api/campaigns/${id}`, { token: admin });
      s.ws.close();
    });
  }
});

describe('saved views\' counts applied in place', () => {
  it('should equal a fresh answer after changes that move campaigns in and out of each view', async () => {
    for (const [name, dashboard, query] of [['Live', 'global', 'status=live'], ['Email planning', 'email', 'status=planning'], ['All', 'global', '']] as const) {
      expect((await t.api('POST', '/api/views', { token: viewer.token, body: { name, dashboard, query } })).status).toBe(201);
    }
    const views: Array<{ id: string; dashboard: 'global' | 'email'; query: string }> = (await t.api('GET', '/api/views', { token: viewer.token })).body;
    const filters = Object.fromEntries(views.map((v) => [v.id, savedViewFilter(v.dashboard, v.query).filter]));
    const s = await subscribedSocket(t.url, viewer.token, 'campaigns');
    const before: ViewCountsInPlace = (await t.api('GET', '/api/views/counts', { token: viewer.token })).body;
    expect(before.as_of).toMatch(/^\d+:\d+:/);
    const made = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Counted email', ['email']) })).body;
    await t.api('PATCH', `/api/campaigns/${made.id}`, { token: admin, body: { status: 'live' } });
    await t.api('PATCH', `/api/campaigns/${made.id}`, { token: admin, body: { channels: ['seo'] } });
    await t.api('PATCH', `/api/campaigns/${made.id}`, { token: admin, body: { channels: ['email'], status: 'planning' } });
    const last = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Counted last', ['email'], { status: 'live' }) })).body;
    await s.waitFor((m) => m.row?.id === last.id);
    const moved = s.changes().reduce<ViewCountsInPlace>((acc, m) => {
      const next = applyViewCountsChange(acc, { seq: m.seq, id: m.op === 'delete' ? m.id : m.row.id, row: m.op === 'delete' ? null : m.row, basis: m.basis }, filters);
      expect(next).not.toBeNull();
      return next!;
    }, before);
    const fresh: ViewCountsInPlace = (await t.api('GET', '/api/views/counts', { token: viewer.token })).body;
    expect(moved.counts).toEqual(fresh.counts);
    expect(fresh.counts).not.toEqual(before.counts);
    s.ws.close();
  });
});
