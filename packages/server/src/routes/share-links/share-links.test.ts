import { addDays, todayYmd, type Campaign, type SavedView, type ShareLinkCreated } from '@cadence/core';
import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { sleep, subscribedSocket } from '../../test/socket';

/**
 * Stakeholder links (docs/adr/0061): a saved view, read-only, without an account; its view and its
 * sharer's rights both live; hidden fields absent on every path; revoked or expired at once.
 */

let t: TestServer;
let admin: string;
let sharer: { token: string; userId: string };
let view: SavedView;

const SECRET = 'Secret brief text';
const CAMPAIGNS: Array<Record<string, unknown>> = [
  { title: 'Live email', channels: ['email'], status: 'live', summary: SECRET, owner: 'Ann Owner', description: 'Public words' },
  { title: 'Live social', channels: ['social'], status: 'live', summary: SECRET },
  { title: 'Planned email', channels: ['email'], status: 'planning', summary: SECRET },
];
const future = addDays(todayYmd(), 30);

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  sharer = await t.signUpAndIn('sharer@example.com');
  await t.grant(admin, sharer.userId, ['global_view']);
  for (const [i, body] of CAMPAIGNS.entries()) {
    const res = await t.api('POST', '/api/campaigns', { token: admin, body: { planning_start_date: '2026-11-01', live_date: `2026-11-1${i}`, ...body } });
    expect(res.status).toBe(201);
  }
  view = (await t.api('POST', '/api/views', { token: admin, body: { name: 'Live email', query: 'channel=email&status=live', shared: true } })).body;
});
afterAll(async () => t?.close());

const share = (body: object, token = sharer.token, viewId = view.id) => t.api<ShareLinkCreated>('POST', `/api/views/${viewId}/share-links`, { token, body });
const open = (token: string, body: object = {}) => t.api('POST', `/api/shared/${token}/open`, { body });
const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title).sort();
async function credentialOf(link: ShareLinkCreated, body: object = {}): Promise<string> {
  const res = await open(link.token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.credential;
}

describe('making a link', () => {
  it('should show the secret once and list the link without it', async () => {
    const res = await share({ expires_on: future });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^cad_link_[A-Za-z0-9_-]{40,}$/);
    expect(res.body.path).toBe(`/shared/${res.body.token}`);
    expect(res.body).toMatchObject({ view_id: view.id, view_name: 'Live email', expires_on: future, has_password: false, visits: 0, expired: false, fields: ['description', 'details', 'tasks', 'approvals'] });
    const mine = (await t.api('GET', '/api/share-links', { token: sharer.token })).body;
    expect(mine.map((l: { id: string }) => l.id)).toContain(res.body.id);
    expect(JSON.stringify(mine)).not.toContain(res.body.token);
    expect((await t.api('GET', `/api/views/${view.id}/share-links`, { token: sharer.token })).body.map((l: { id: string }) => l.id)).toContain(res.body.id);
    const stored = await t.services.db('share_links').where({ id: res.body.id }).first();
    expect(stored.token_hash).not.toContain(res.body.token);
  });

  it('should refuse an expiry in the past, naming expires_on, and save nothing', async () => {
    const before = Number((await t.services.db('share_links').count({ n: '*' }))[0]!.n);
    for (const expires_on of [addDays(todayYmd(), -1), '2020-01-01']) {
      const res = await t.api('POST', `/api/views/${view.id}/share-links`, { token: sharer.token, body: { expires_on } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ path: 'expires_on', message: 'The expiry date must not be in the past' }]);
    }
    for (const [body, path] of [[{}, 'expires_on'], [{ expires_on: '2026-13-01' }, 'expires_on'], [{ expires_on: future, fields: ['budget'] }, 'fields.0'], [{ expires_on: future, password: 'ab' }, 'password']] as const) {
      const res = await t.api('POST', `/api/views/${view.id}/share-links`, { token: sharer.token, body });
      expect([res.status, res.body.error?.details?.[0]?.path], JSON.stringify(body)).toEqual([400, path]);
    }
    expect(Number((await t.services.db('share_links').count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('should refuse a view the caller cannot read, and every key', async () => {
    const personal = (await t.api('POST', '/api/views', { token: admin, body: { name: 'Mine', query: '' } })).body as SavedView;
    expect((await share({ expires_on: future }, sharer.token, personal.id)).status).toBe(404);
    const key = (await t.api('POST', '/api/access-keys', { token: admin, body: { name: 'Script', read_only: false } })).body;
    expect((await share({ expires_on: future }, key.secret)).status).toBe(403);
    expect((await t.api('GET', '/api/share-links', { token: key.secret })).status).toBe(403);
  });
});

describe('opening a link', () => {
  it('should answer a credential that reads the view’s campaigns alone, counting each visit', async () => {
    const link = (await share({ expires_on: future })).body;
    const opened = await open(link.token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ view: { name: 'Live email', dashboard: 'global' }, expires_on: future, shared_by: 'sharer@example.com' });
    await open(link.token);
    // An open page renewing its credential is the same visit.
    expect((await open(link.token, { renew: true })).status).toBe(200);
    const listed = (await t.api('GET', '/api/share-links', { token: sharer.token })).body.find((l: { id: string }) => l.id === link.id);
    expect(listed.visits).toBe(2);
    expect(listed.last_visited_at).not.toBeNull();
    const as = (path: string) => t.api('GET', path, { token: opened.body.credential });
    expect(titles((await as('/api/campaigns')).body)).toEqual(['Live email']);
    const me = (await as('/api/auth/user')).body;
    expect(me.user.email).toBe('');
    expect(me.principal).toMatchObject({ read_only: true, key: true });
    expect(me.abilities.admin).toBe(false);
    expect(me.abilities.global.create).toBe(false);
    expect(Object.values(me.abilities.channels).some((c: any) => c.create)).toBe(false);
  });

  it('should answer 404 alike for unknown, revoked and expired links', async () => {
    expect((await open(`cad_link_${'a'.repeat(43)}`)).status).toBe(404);
    expect((await open('not-a-link')).status).toBe(404);
    const revoked = (await share({ expires_on: future })).body;
    expect((await t.api('DELETE', `/api/share-links/${revoked.id}`, { token: sharer.token })).status).toBe(204);
    const expired = (await share({ expires_on: future })).body;
    await t.services.db('share_links').where({ id: expired.id }).update({ expires_on: addDays(todayYmd(), -1) });
    const answers = await Promise.all([open(revoked.token), open(expired.token)]);
    expect(answers.map((a) => [a.status, a.body.error.message])).toEqual([
      [404, 'This link does not exist, has expired or was revoked'],
      [404, 'This link does not exist, has expired or was revoked'],
    ]);
  });

  it('should ask for a password, refuse a wrong one and open with the right one', async () => {
    const link = (await share({ expires_on: future, password: 'open sesame' })).body;
    expect(link.has_password).toBe(true);
    const none = await open(link.token);
    expect([none.status, none.body.error.code]).toEqual([401, 'password_required']);
    const wrong = await open(link.token, { password: 'wrong' });
    expect([wrong.status, wrong.body.error.message]).toEqual([403, 'That password is not right for this link']);
    expect((await open(link.token, { password: 'open sesame' })).status).toBe(200);
    // Cleared: it opens without one.
    expect((await t.api('PATCH', `/api/share-links/${link.id}`, { token: sharer.token, body: { password: null } })).body.has_password).toBe(false);
    expect((await open(link.token)).status).toBe(200);
  });

  it('should limit wrong passwords like sign-in', async () => {
    const limited = await startTestServer({ RATE_SIGNIN_PER_EMAIL: 2 });
    try {
      const a = (await limited.signUpAndIn('a@example.com')).token;
      const v = (await limited.api('POST', '/api/views', { token: a, body: { name: 'All', query: '', shared: true } })).body;
      const link = (await limited.api('POST', `/api/views/${v.id}/share-links`, { token: a, body: { expires_on: future, password: 'right one' } })).body;
      const try_ = (password: string) => limited.api('POST', `/api/shared/${link.token}/open`, { body: { password } });
      expect((await try_('nope')).status).toBe(403);
      expect((await try_('nope')).status).toBe(403);
      expect((await try_('right one')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('what a link shows', () => {
  it('should empty the unticked fields on the list, one campaign and the virtual campaigns', async () => {
    const link = (await share({ expires_on: future })).body;
    const cred = await credentialOf(link);
    const list = (await t.api<Campaign[]>('GET', '/api/campaigns', { token: cred })).body;
    expect(list[0]).toMatchObject({ title: 'Live email', description: 'Public words', summary: null, owner: null, owner_id: null, created_by: null });
    const one = await t.api('GET', `/api/campaigns/${list[0]!.id}`, { token: cred });
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain(SECRET);
    expect(JSON.stringify(one.body)).not.toContain('Ann Owner');
    // The sharer, signed in, still reads it all.
    expect((await t.api('GET', `/api/campaigns/${list[0]!.id}`, { token: sharer.token })).body.summary).toBe(SECRET);
    // Ticked at once: the open credential shows the brief on its next request.
    await t.api('PATCH', `/api/share-links/${link.id}`, { token: sharer.token, body: { fields: ['brief'] } });
    const after = (await t.api('GET', `/api/campaigns/${list[0]!.id}`, { token: cred })).body;
    expect([after.summary, after.description, after.owner]).toEqual([SECRET, null, null]);
  });

  it('should follow edits to the view at once', async () => {
    const cred = await credentialOf((await share({ expires_on: future })).body);
    await t.api('PATCH', `/api/views/${view.id}`, { token: admin, body: { query: 'channel=social' } });
    expect(titles((await t.api('GET', '/api/campaigns', { token: cred })).body)).toEqual(['Live social']);
    await t.api('PATCH', `/api/views/${view.id}`, { token: admin, body: { query: 'channel=email&status=live' } });
    expect(titles((await t.api('GET', '/api/campaigns', { token: cred })).body)).toEqual(['Live email']);
  });

  it('should lose what its sharer loses, at once', async () => {
    const cred = await credentialOf((await share({ expires_on: future })).body);
    expect(titles((await t.api('GET', '/api/campaigns', { token: cred })).body)).toEqual(['Live email']);
    const revoked = await t.api('DELETE', `/api/users/${sharer.userId}/permissions?permission_type=global_view`, { token: admin });
    expect(revoked.status).toBe(204);
    expect((await t.api('GET', '/api/campaigns', { token: cred })).body).toEqual([]);
    await t.grant(admin, sharer.userId, ['global_view']);
    expect(titles((await t.api('GET', '/api/campaigns', { token: cred })).body)).toEqual(['Live email']);
  });

  it('should refuse every write, the saved views and the links themselves', async () => {
    const cred = await credentialOf((await share({ expires_on: future })).body);
    const id = (await t.api('GET', '/api/campaigns', { token: cred })).body[0].id;
    const refused = [
      await t.api('POST', '/api/campaigns', { token: cred, body: { title: 'x', planning_start_date: '2026-11-01', live_date: '2026-11-02' } }),
      await t.api('PATCH', `/api/campaigns/${id}`, { token: cred, body: { title: 'x' } }),
      await t.api('DELETE', `/api/campaigns/${id}`, { token: cred }),
      await t.api('GET', '/api/views', { token: cred }),
      await t.api('GET', '/api/share-links', { token: cred }),
      await t.api('POST', `/api/views/${view.id}/share-links`, { token: cred, body: { expires_on: future } }),
      await t.api('GET', '/api/access-keys', { token: cred }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
  });

  it('should stop an open credential at once when revoked or expired', async () => {
    const link = (await share({ expires_on: future })).body;
    const cred = await credentialOf(link);
    expect((await t.api('GET', '/api/campaigns', { token: cred })).status).toBe(200);
    expect((await t.api('DELETE', `/api/share-links/${link.id}`, { token: sharer.token })).status).toBe(204);
    const after = await t.api('GET', '/api/campaigns', { token: cred });
    expect([after.status, after.body.error.message]).toEqual([401, 'This link has expired or been revoked']);
    const other = (await share({ expires_on: future })).body;
    const cred2 = await credentialOf(other);
    await t.services.db('share_links').where({ id: other.id }).update({ expires_on: addDays(todayYmd(), -1) });
    t.services.principals.invalidate();
    expect((await t.api('GET', '/api/campaigns', { token: cred2 })).status).toBe(401);
    // A revoked link is not edited back to life.
    expect((await t.api('PATCH', `/api/share-links/${link.id}`, { token: sharer.token, body: { expires_on: future } })).status).toBe(409);
  });

  it('should send realtime changes with the unticked fields emptied, and nothing once revoked', async () => {
    const link = (await share({ expires_on: future })).body;
    const s = await subscribedSocket(t.url, await credentialOf(link), 'campaigns');
    const post = (title: string) => t.api('POST', '/api/campaigns', { token: admin, body: { title, channels: ['email'], status: 'live', summary: SECRET, planning_start_date: '2026-12-01', live_date: '2026-12-05' } });
    await post('Realtime email');
    const frame = await s.waitFor((m) => m.row?.title === 'Realtime email');
    expect(frame.row.summary).toBeNull();
    expect(JSON.stringify(s.messages)).not.toContain(SECRET);
    await t.api('DELETE', `/api/share-links/${link.id}`, { token: sharer.token });
    await post('After revoke');
    await sleep(300);
    expect(s.messages.some((m) => m.row?.title === 'After revoke')).toBe(false);
    s.ws.close();
  });
});

describe('managing links', () => {
  it('should let only its creator or an administrator change or revoke it', async () => {
    const link = (await share({ expires_on: future })).body;
    const other = await t.signUpAndIn('other@example.com');
    await t.grant(admin, other.userId, ['global_view']);
    expect((await t.api('PATCH', `/api/share-links/${link.id}`, { token: other.token, body: { fields: [] } })).status).toBe(404);
    expect((await t.api('DELETE', `/api/share-links/${link.id}`, { token: other.token })).status).toBe(404);
    expect((await t.api('GET', '/api/share-links', { token: other.token })).body).toEqual([]);
    expect((await t.api('GET', '/api/share-links', { token: admin })).body.map((l: { id: string }) => l.id)).toContain(link.id);
    const past = await t.api('PATCH', `/api/share-links/${link.id}`, { token: admin, body: { expires_on: '2020-01-01' } });
    expect([past.status, past.body.error.details[0].path]).toEqual([400, 'expires_on']);
    const moved = await t.api('PATCH', `/api/share-links/${link.id}`, { token: admin, body: { expires_on: addDays(future, 10), fields: ['owners', 'owners'] } });
    expect(moved.body).toMatchObject({ expires_on: addDays(future, 10), fields: ['owners'] });
    expect((await t.api('DELETE', `/api/share-links/${link.id}`, { token: admin })).status).toBe(204);
    const all = (await t.api('GET', '/api/share-links?all=1', { token: admin })).body.find((l: { id: string }) => l.id === link.id);
    expect(all.revoked_at).not.toBeNull();
    expect((await t.api('GET', '/api/share-links', { token: admin })).body.map((l: { id: string }) => l.id)).not.toContain(link.id);
  });

  it('should go with its view', async () => {
    const v = (await t.api('POST', '/api/views', { token: admin, body: { name: 'Short lived', query: '', shared: true } })).body as SavedView;
    const link = (await share({ expires_on: future }, admin, v.id)).body;
    expect((await t.api('DELETE', `/api/views/${v.id}`, { token: admin })).status).toBe(204);
    // A deleted view sits in the trash (docs/adr/0032); its links stop with it.
    expect((await open(link.token)).status).toBe(404);
  });
});

// The server's calendar date decides "in the past" and "expired" (docs/adr/0061): the same in every zone.
describe.each(TEST_ZONES)('expiry dates in %s', (zone) => {
  useTimeZone(zone);
  it('should take today, refuse yesterday, and open a link through its whole expiry date', async () => {
    const today = todayYmd();
    expect((await share({ expires_on: addDays(today, -1) })).status).toBe(400);
    const link = (await share({ expires_on: today })).body;
    expect(link).toMatchObject({ expires_on: today, expired: false });
    expect((await open(link.token)).status).toBe(200);
    await t.services.db('share_links').where({ id: link.id }).update({ expires_on: addDays(today, -1) });
    expect((await open(link.token)).status).toBe(404);
  });
});
