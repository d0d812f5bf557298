import { applyCampaignChange, campaignMatchesQuery, type Campaign, type CampaignListQuery } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

// Core's campaignMatchesQuery is how the widgets apply a realtime change to a cached list
// without asking the server again; here it is held to the route's own answers.

let t: TestServer;
let admin: string;
const rows: Campaign[] = [];

const spans: Array<[string, string, string | null]> = [
  ['2026-03-01', '2026-03-15', '2026-03-31'],
  ['2026-02-20', '2026-03-01', null],
  ['2026-03-31', '2026-04-01', '2026-04-01'],
  ['2026-04-10', '2026-03-25', '2026-03-28'],
  ['2026-01-01', '2026-01-15', '2026-02-28'],
  ['2026-05-01', '2026-05-01', null],
  ['2026-02-28', '2026-02-28', '2026-02-28'],
];

const queries: CampaignListQuery[] = [
  {},
  { from: '2026-03-01', to: '2026-03-31' },
  { from: '2026-02-28', to: '2026-02-28' },
  { from: '2026-04-01', to: '2026-04-30' },
  { from: '2026-03-29', to: '2026-03-30' },
  { from: '2026-06-01', to: '2026-06-30' },
  { from: '2026-03-01' },
  { to: '2026-02-27' },
  { from: '2025-12-01', to: '2025-12-31' },
  { from: '2026-02-01', to: '2026-04-30', channel: 'social' },
  { from: '2026-02-01', to: '2026-04-30', status: 'live' },
  { from: '2026-02-01', to: '2026-04-30', scope: 'channel' },
  { scope: 'global', channel: 'email', status: 'planning' },
  // The dashboards' filters (docs/adr/0029).
  { channel: ['social', 'paid'] },
  { from: '2026-02-01', to: '2026-04-30', channel: ['paid', 'email'], status: 'live' },
  { priority: 'high' },
  { owner: 'DANA REYES' },
  { q: 'launch' },
  { q: '50%' },
  { q: 'a_b' },
  { q: 'reyes', priority: 'low' },
  { from: '2026-03-01', to: '2026-03-31', channel: ['social'], q: 'window' },
];

const search = (q: CampaignListQuery) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  for (const [i, [planning, live, end]] of spans.entries()) {
    const channelOnly = i % 3 === 2;
    const body = {
      title: `Window ${i}`,
      planning_start_date: planning,
      live_date: live,
      end_date: end,
      status: i % 2 ? 'live' : 'planning',
      channels: i % 2 ? ['email', 'social'] : i === 4 ? ['paid'] : ['email'],
      priority: (['low', 'medium', 'high'] as const)[i % 3],
      owner: i === 6 ? null : i % 2 ? 'Dana Reyes' : 'Sam Lee',
      // `%` and `_` must match themselves, not any text.
      description: i === 1 ? 'Spring LAUNCH, 50% off' : i === 3 ? 'ab and a_b' : i === 5 ? 'a-b 50 percent' : null,
      ...(channelOnly ? { scope: 'channel', primary_channel: 'email' } : {}),
    };
    const res = await t.api('POST', '/api/campaigns', { token: admin, body });
    expect(res.status).toBe(201);
    rows.push(res.body as Campaign);
  }
});
afterAll(async () => t?.close());

describe('campaignMatchesQuery against GET /api/campaigns', () => {
  it.each(queries.map((q) => [search(q) || '(no filter)', q] as const))('should answer %s as the route does, in its order', async (_, query) => {
    const res = await t.api('GET', `/api/campaigns?${search(query)}`, { token: admin });
    expect(res.status).toBe(200);
    // The list built change by change, as a dashboard that watched every create would hold it.
    const built = rows.reduce<Campaign[]>((list, row) => applyCampaignChange(list, { op: 'insert', row }, query), []);
    expect(built.map((c) => c.title)).toEqual((res.body as Campaign[]).map((c) => c.title));
    expect(rows.filter((r) => campaignMatchesQuery(r, query)).length).toBe(built.length);
  });

  it('should cover windows that keep some rows and drop others', async () => {
    const counts = queries.map((q) => rows.filter((r) => campaignMatchesQuery(r, q)).length);
    expect(counts).toContain(0);
    // The search's wildcards: `50%` and `a_b` each find exactly one row.
    expect(rows.filter((r) => campaignMatchesQuery(r, { q: '50%' })).length).toBe(1);
    expect(rows.filter((r) => campaignMatchesQuery(r, { q: 'a_b' })).length).toBe(1);
    expect(counts.some((n) => n > 0 && n < rows.length)).toBe(true);
  });
});
