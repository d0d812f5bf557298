import { CAMPAIGN_STATUSES, CHANNEL_VALUES, decodeListCursor, sortOwners, type Campaign } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../../test/harness';

/** GET /api/campaigns/stats and the cursor pages of GET /api/campaigns (docs/adr/0020). */

let t: TestServer;
let admin: string;
let emailViewer: string;
let emailKey: string;

const CALLERS = () => ({ admin, 'channel-only viewer of email': emailViewer, 'read-only key limited to email': emailKey });

const SHAPES: Array<Record<string, unknown>> = [
  { channels: ['email', 'seo'] },
  { channels: ['seo'] },
  { channels: [] },
  { scope: 'channel', primary_channel: 'email' },
  { scope: 'channel', primary_channel: 'seo' },
  { channels: ['social', 'email'], end_date: '2026-05-01' },
];

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  const viewer = await t.signUpAndIn('viewer@example.com');
  await t.grant(admin, viewer.userId, ['channel_view', 'email']);
  emailViewer = viewer.token;
  emailKey = (await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Email board', read_only: true, channels: ['email'] } })).body.secret;
  for (let i = 0; i < 24; i++) {
    const res = await t.api('POST', '/api/campaigns', {
      token: admin,
      body: {
        title: `C${i}`,
        planning_start_date: '2026-03-01',
        live_date: '2026-03-15',
        status: CAMPAIGN_STATUSES[i % 4],
        owner: ['Sam Lee', 'dana reyes', null][i % 3],
        ...SHAPES[i % SHAPES.length],
      },
    });
    expect(res.status).toBe(201);
  }
  // Ties: eight rows share one created_at, and four more differ from it only in microseconds.
  const ids: string[] = (await t.services.db('campaigns').select('id').orderBy('title')).map((r: { id: string }) => r.id);
  await t.services.db('campaigns').whereIn('id', ids.slice(0, 8)).update({ created_at: '2026-01-01T00:00:00.123456Z' });
  for (const [i, id] of ids.slice(8, 12).entries()) {
    await t.services.db('campaigns').where({ id }).update({ created_at: `2026-01-01T00:00:00.12345${i}Z` });
  }
});
afterAll(async () => t?.close());

const list = async (token: string, query = ''): Promise<Campaign[]> => {
  const res = await t.api('GET', `/api/campaigns${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
};

/** The counts written out from the list, independently of core's tally. */
function countsOf(rows: Campaign[]) {
  const counts = (cs: Campaign[]) => ({
    total: cs.length,
    by_status: Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, cs.filter((c) => c.status === s).length])),
    global: cs.filter((c) => c.scope === 'global').length,
    channel_only: cs.filter((c) => c.scope === 'channel').length,
  });
  const owners = rows.flatMap((c) => (c.owner ? [c.owner] : []));
  return {
    ...counts(rows),
    owners: sortOwners(new Set(owners)),
    owner_counts: Object.fromEntries([...new Set(owners)].map((o) => [o, owners.filter((x) => x === o).length])),
    as_of: expect.stringMatching(/^\d+:\d+:[\d,]*$/),
    by_channel: Object.fromEntries(CHANNEL_VALUES.map((ch) => [ch, counts(rows.filter((c) => c.channels.includes(ch) || c.primary_channel === ch))])),
  };
}

const pathsOf = (res: { body: { error: { details: Array<{ path: string }> } } }) => res.body.error.details.map((d) => d.path);

describe('GET /api/campaigns/stats', () => {
  for (const who of ['admin', 'channel-only viewer of email', 'read-only key limited to email'] as const) {
    it(`should count exactly the campaigns the list shows ${who}`, async () => {
      const token = CALLERS()[who];
      for (const query of ['', '?channel=seo', '?status=live', '?scope=channel', '?channel=email&scope=global&status=planning']) {
        const stats = await t.api('GET', `/api/campaigns/stats${query}`, { token });
        expect(stats.status).toBe(200);
        expect(stats.body, `${who} ${query}`).toEqual(countsOf(await list(token, query)));
      }
    });
  }

  it('should see fewer campaigns for the channel-limited callers than for the admin', async () => {
    const total = async (token: string) => (await t.api('GET', '/api/campaigns/stats', { token })).body.total;
    expect(await total(admin)).toBe(24);
    // email's channel-only campaigns and the global ones on email; never seo's channel-only ones.
    expect(await total(emailViewer)).toBe(12);
    expect(await total(emailKey)).toBe(12);
  });

  it('should refuse an unknown parameter or a bad filter with a 400 naming it', async () => {
    const unknown = await t.api('GET', '/api/campaigns/stats?limit=5', { token: admin });
    expect(unknown.status).toBe(400);
    expect(pathsOf(unknown)).toEqual(['limit']);
    const bad = await t.api('GET', '/api/campaigns/stats?channel=fax&status=done', { token: admin });
    expect(bad.status).toBe(400);
    expect(pathsOf(bad).sort()).toEqual(['channel', 'status']);
  });

  it('should want a signed-in caller', async () => {
    expect((await t.api('GET', '/api/campaigns/stats')).status).toBe(401);
  });
});

/** Follows X-Next-Cursor from the first page to the last. */
async function walk(token: string, limit: number, query = ''): Promise<{ rows: Campaign[]; pages: number }> {
  const rows: Campaign[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: ApiResponse = await t.api('GET', `/api/campaigns?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    rows.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
    pages++;
  } while (cursor && pages < 100);
  return { rows, pages };
}

describe('GET /api/campaigns?limit&cursor', () => {
  it('should walk every row exactly once, in the unpaged order, across ties on created_at', async () => {
    const all = await list(admin);
    expect(all).toHaveLength(24);
    for (const limit of [1, 5, 8, 24]) {
      const { rows, pages } = await walk(admin, limit);
      expect(rows.map((c) => c.id), `limit ${limit}`).toEqual(all.map((c) => c.id));
      expect(pages).toBe(Math.floor(24 / limit) + 1);
    }
  });

  it('should page the filtered and the channel-limited lists the same way', async () => {
    expect((await walk(admin, 3, '&scope=global')).rows.map((c) => c.id)).toEqual((await list(admin, '?scope=global')).map((c) => c.id));
    expect((await walk(emailKey, 5)).rows.map((c) => c.id)).toEqual((await list(emailKey)).map((c) => c.id));
  });

  it('should carry microseconds in the cursor, so rows within one millisecond are told apart', async () => {
    const res = await t.api('GET', '/api/campaigns?limit=13', { token: admin });
    const cursor = decodeListCursor(res.headers.get('x-next-cursor')!);
    expect(cursor?.createdAt).toMatch(/^2026-01-01T00:00:00\.12345\dZ$/);
  });

  it('should answer every row and no cursor without a limit, as existing callers expect', async () => {
    const res = await t.api('GET', '/api/campaigns', { token: admin });
    expect(res.body).toHaveLength(24);
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });

  it('should refuse a bad limit or cursor with a 400 naming the field', async () => {
    for (const limit of ['0', 'ten', '10001', '1.5']) {
      const res = await t.api('GET', `/api/campaigns?limit=${limit}`, { token: admin });
      expect(res.status, limit).toBe(400);
      expect(pathsOf(res)).toEqual(['limit']);
    }
    const first = await t.api('GET', '/api/campaigns?limit=2', { token: admin });
    const good = first.headers.get('x-next-cursor')!;
    const forged = Buffer.from('2026-01-01T00:00:00Z|not-an-id').toString('base64url');
    for (const query of ['cursor=abc', `cursor=${forged}`, `cursor=${good}&offset=2`]) {
      const res = await t.api('GET', `/api/campaigns?limit=2&${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(pathsOf(res)).toEqual(['cursor']);
    }
  });

  it('should expose the cursor header to browsers on allowed origins', async () => {
    const res = await t.api('GET', '/api/campaigns?limit=1', { token: admin, headers: { Origin: t.url } });
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Next-Cursor');
  });
});
