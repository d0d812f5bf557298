import type { Campaign, CampaignStats, VirtualCampaign } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../../test/harness';

/**
 * The dashboards' filters on the list, its pages and window, its stats and the virtual campaigns
 * (docs/adr/0029): every route answers the same campaigns for the same parameters, and a bad one is
 * a 400 naming it.
 */

let t: TestServer;
let admin: string;

const CAMPAIGNS: Array<Record<string, unknown>> = [
  { title: 'Spring launch email', channels: ['email'], status: 'live', priority: 'high', owner: 'Dana Reyes', live_date: '2026-11-05' },
  { title: 'Spring launch social', channels: ['social'], status: 'live', priority: 'medium', owner: 'Sam Lee', live_date: '2026-11-12' },
  { title: 'Webinar series', channels: ['webinars', 'email'], status: 'planning', priority: 'low', owner: 'Dana Reyes', live_date: '2026-11-20' },
  { title: 'Paid push', channels: ['paid'], status: 'live', priority: 'high', owner: null, live_date: '2026-11-02', description: 'Follows the launch' },
  { title: 'Newsletter', scope: 'channel', primary_channel: 'email', status: 'completed', priority: 'medium', owner: 'sam lee', live_date: '2026-10-01' },
  { title: 'Old social', channels: ['social', 'paid'], status: 'live', priority: 'low', owner: 'Ana', live_date: '2025-01-10' },
];

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  for (const body of CAMPAIGNS) {
    const live = body.live_date as string;
    const res = await t.api('POST', '/api/campaigns', { token: admin, body: { planning_start_date: live.slice(0, 8) + '01', end_date: live, ...body } });
    expect(res.status).toBe(201);
  }
  const event = { name: 'Launch Expo', vertical: ['water'], audience: ['engineers'], start_date: '2026-11-10', end_date: '2026-11-12', type: ['exhibit'] };
  expect((await t.api('POST', '/api/events', { token: admin, body: event })).status).toBe(201);
});
afterAll(async () => t?.close());

const get = async <T>(path: string): Promise<T> => {
  const res = await t.api('GET', path, { token: admin });
  expect(res.status, path).toBe(200);
  return res.body as T;
};
const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title).sort();

describe('filtered GET /api/campaigns', () => {
  it('should keep the campaigns on any of the channels that have the status', async () => {
    expect(titles(await get<Campaign[]>('/api/campaigns?channel=email,social&status=live'))).toEqual([
      'Old social',
      'Spring launch email',
      'Spring launch social',
    ]);
    // Repeated parameters mean the same as a comma-separated list.
    expect(titles(await get<Campaign[]>('/api/campaigns?channel=email&channel=social&status=live'))).toHaveLength(3);
  });

  it('should filter by priority, scope and owner (ignoring case)', async () => {
    expect(titles(await get<Campaign[]>('/api/campaigns?priority=high'))).toEqual(['Paid push', 'Spring launch email']);
    expect(titles(await get<Campaign[]>('/api/campaigns?scope=channel'))).toEqual(['Newsletter']);
    expect(titles(await get<Campaign[]>('/api/campaigns?owner=SAM%20LEE'))).toEqual(['Newsletter', 'Spring launch social']);
  });

  it('should search the title, the description and the owner', async () => {
    expect(titles(await get<Campaign[]>('/api/campaigns?q=LAUNCH'))).toEqual(['Paid push', 'Spring launch email', 'Spring launch social']);
    expect(titles(await get<Campaign[]>('/api/campaigns?q=reyes'))).toEqual(['Spring launch email', 'Webinar series']);
    expect(await get<Campaign[]>('/api/campaigns?q=%25')).toEqual([]);
  });

  it('should apply the filters to the calendar window and to every cursor page', async () => {
    const windowed = await get<Campaign[]>('/api/campaigns?from=2026-11-01&to=2026-11-30&channel=email,social&status=live');
    expect(titles(windowed)).toEqual(['Spring launch email', 'Spring launch social']);
    const first = await t.api('GET', '/api/campaigns?limit=1&channel=email,social&status=live', { token: admin });
    const cursor = first.headers.get('x-next-cursor')!;
    const second: ApiResponse = await t.api('GET', `/api/campaigns?limit=5&channel=email,social&status=live&cursor=${cursor}`, { token: admin });
    expect(titles([...first.body, ...second.body])).toEqual(['Old social', 'Spring launch email', 'Spring launch social']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });
});

describe('filtered GET /api/campaigns/stats', () => {
  it('should count what the filtered list shows, window included', async () => {
    for (const query of ['channel=email,social&status=live', 'q=launch', 'owner=dana%20reyes', 'priority=low&from=2026-01-01', 'scope=channel']) {
      const stats = await get<CampaignStats>(`/api/campaigns/stats?${query}`);
      const rows = await get<Campaign[]>(`/api/campaigns?${query}`);
      expect(stats.total, query).toBe(rows.length);
      expect(stats.by_status.live, query).toBe(rows.filter((r) => r.status === 'live').length);
    }
  });

  it('should list the owners that exist, each once, for the filter bar', async () => {
    expect((await get<CampaignStats>('/api/campaigns/stats')).owners).toEqual(['Ana', 'Dana Reyes', 'Sam Lee', 'sam lee']);
    expect((await get<CampaignStats>('/api/campaigns/stats?channel=paid')).owners).toEqual(['Ana']);
  });
});

describe('filtered GET /api/dashboard/virtual', () => {
  it('should let the events follow the channel, status and search filters', async () => {
    expect(titles(await get<VirtualCampaign[]>('/api/dashboard/virtual'))).toEqual(['Launch Expo']);
    expect(await get<VirtualCampaign[]>('/api/dashboard/virtual?channel=email,social')).toEqual([]);
    expect(titles(await get<VirtualCampaign[]>('/api/dashboard/virtual?channel=events&status=live'))).toEqual(['Launch Expo']);
    expect(await get<VirtualCampaign[]>('/api/dashboard/virtual?status=planning')).toEqual([]);
    expect(titles(await get<VirtualCampaign[]>('/api/dashboard/virtual?q=expo'))).toEqual(['Launch Expo']);
  });
});

describe('bad filters', () => {
  const paths = (res: ApiResponse) => (res.body.error.details as Array<{ path: string }>).map((d) => d.path).sort();

  it('should answer a 400 naming each bad parameter on every route that takes them', async () => {
    for (const route of ['/api/campaigns', '/api/campaigns/stats', '/api/dashboard/virtual']) {
      const res = await t.api('GET', `${route}?channel=email,fax&priority=urgent&q=${'x'.repeat(201)}`, { token: admin });
      expect(res.status, route).toBe(400);
      expect(paths(res), route).toEqual(['channel', 'priority', 'q']);
      expect(res.body.error.message).toMatch(/fax|priority|q/i);
    }
    const unknown = await t.api('GET', '/api/dashboard/virtual?colour=red', { token: admin });
    expect(unknown.status).toBe(400);
    expect(paths(unknown)).toEqual(['colour']);
  });
});
