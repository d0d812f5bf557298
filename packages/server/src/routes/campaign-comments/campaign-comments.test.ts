import { mentionToken } from '@cadence/core';
import { TEST_ZONES } from '@cadence/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';
import { watchersOf } from '../../watching/watchers';

// A campaign's comments, @mentions and watchers (docs/adr/0059-campaign-comments-and-watching.md).

let t: TestServer;
type Person = { token: string; userId: string };
let admin: Person;
/** Reads every campaign, writes none. */
let viewer: Person;
/** Reads and writes email's channel campaigns only. */
let emailEditor: Person;
/** Reads nothing. */
let stranger: Person;
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@comments.test');
  viewer = await t.signUpAndIn('viewer@comments.test');
  emailEditor = await t.signUpAndIn('editor@comments.test');
  stranger = await t.signUpAndIn('stranger@comments.test');
  await t.grant(admin.token, viewer.userId, ['global_view'], ['channel_view', 'email'], ['channel_view', 'seo']);
  await t.grant(admin.token, emailEditor.userId, ['channel_view', 'email'], ['channel_create', 'email']);
});
afterAll(async () => t?.close());

async function campaign(body: Record<string, unknown> = {}, token = admin.token): Promise<Record<string, any>> {
  const res = await t.api('POST', '/api/campaigns', {
    token,
    body: { title: `Campaign ${++serial}`, planning_start_date: '2026-03-01', live_date: '2026-03-20', channels: ['email'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const emailCampaign = (token = admin.token) => campaign({ scope: 'channel', primary_channel: 'email' }, token);

async function comment(campaignId: string, body: string, token = admin.token): Promise<Record<string, any>> {
  const res = await t.api('POST', `/api/campaigns/${campaignId}/comments`, { token, body: { body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const bodies = async (campaignId: string, token = admin.token) =>
  ((await t.api('GET', `/api/campaigns/${campaignId}/comments`, { token })).body as Array<{ body: string }>).map((x) => x.body);
const watch = async (campaignId: string, who: Person) => (await t.api('GET', `/api/campaigns/${campaignId}/watch`, { token: who.token })).body;
const mention = (p: Person, email: string) => mentionToken(email, p.userId);

describe('a campaign’s comments', () => {
  it('should keep comments oldest first, trimmed, each naming its author, its campaign and the people it mentions', async () => {
    const c = await emailCampaign();
    const first = await comment(c.id, '  First **draft** is in  ');
    expect(first).toMatchObject({
      campaign_id: c.id, body: 'First **draft** is in', created_by: admin.userId, author_email: 'admin@comments.test', edited_at: null, version: 1,
      mention_ids: [], mentions: [], campaign: { id: c.id, scope: 'channel', primary_channel: 'email' },
    });
    const second = await comment(c.id, `Thanks ${mention(emailEditor, 'editor@comments.test')}`, viewer.token);
    expect(second.mentions).toEqual([{ id: emailEditor.userId, email: 'editor@comments.test' }]);
    expect(await bodies(c.id, emailEditor.token)).toEqual(['First **draft** is in', second.body]);
    expect((await t.api('GET', `/api/campaign-comments/${second.id}`, { token: emailEditor.token })).headers.get('etag')).toBe('"1"');
  });

  it('should refuse a blank or too long comment naming body, and an unknown field, saving nothing', async () => {
    const c = await campaign();
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(5001) }, {}]) {
      const res = await t.api('POST', `/api/campaigns/${c.id}/comments`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('body');
    }
    expect((await t.api('POST', `/api/campaigns/${c.id}/comments`, { token: admin.token, body: { body: 'ok', pinned: true } })).status).toBe(400);
    expect(await comment(c.id, 'x'.repeat(5000))).toMatchObject({ version: 1 });
    expect(await bodies(c.id)).toHaveLength(1);
  });

  it('should let whoever reads the campaign comment, and nobody else see or write its comments', async () => {
    const c = await emailCampaign();
    await comment(c.id, 'From the viewer', viewer.token);
    expect((await t.api('GET', `/api/campaigns/${c.id}/comments`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('POST', `/api/campaigns/${c.id}/comments`, { token: stranger.token, body: { body: 'Hi' } })).status).toBe(404);
    const hidden = await campaign({ scope: 'channel', primary_channel: 'pr' });
    const inside = await comment(hidden.id, 'Admins only');
    expect((await t.api('GET', `/api/campaign-comments/${inside.id}`, { token: viewer.token })).status).toBe(404);
  });

  it('should let only the author or an administrator edit and delete, marking an edit', async () => {
    const c = await emailCampaign();
    const mine = await comment(c.id, 'Mine', emailEditor.token);
    expect((await t.api('PATCH', `/api/campaign-comments/${mine.id}`, { token: viewer.token, body: { body: 'Hijacked' } })).status).toBe(403);
    expect((await t.api('DELETE', `/api/campaign-comments/${mine.id}`, { token: viewer.token })).status).toBe(403);
    const edited = await t.api('PATCH', `/api/campaign-comments/${mine.id}`, { token: emailEditor.token, body: { body: 'Mine, edited' }, headers: { 'If-Match': '1' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Mine, edited', version: 2, edited_at: expect.any(String) });
    expect((await t.api('PATCH', `/api/campaign-comments/${mine.id}`, { token: emailEditor.token, body: { body: 'Stale' }, headers: { 'If-Match': '1' } })).status).toBe(412);
    expect((await t.api('PATCH', `/api/campaign-comments/${mine.id}`, { token: admin.token, body: { body: 'Moderated' } })).status).toBe(200);
    expect((await t.api('DELETE', `/api/campaign-comments/${mine.id}`, { token: admin.token })).status).toBe(204);
    expect(await bodies(c.id)).toEqual([]);
  });

  it('should log every write and restore a deleted comment through its history', async () => {
    const c = await emailCampaign();
    const k = await comment(c.id, 'Keep me', emailEditor.token);
    await t.api('PATCH', `/api/campaign-comments/${k.id}`, { token: emailEditor.token, body: { body: 'Keep me, please' } });
    await t.api('DELETE', `/api/campaign-comments/${k.id}`, { token: emailEditor.token });
    const history = await t.api('GET', `/api/campaign-comments/${k.id}/history`, { token: emailEditor.token });
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    // Gone, the comment's entries are judged as its delete kept it, with its campaign: a stranger reads none.
    expect((await t.api('GET', `/api/campaign-comments/${k.id}/history`, { token: stranger.token })).body.entries).toEqual([]);
    const restored = await t.api('POST', `/api/history/${history.body.entries[0].id}/revert`, { token: emailEditor.token });
    expect(restored.status, JSON.stringify(restored.body)).toBeLessThan(300);
    expect(await bodies(c.id)).toEqual(['Keep me, please']);
  });

  it('should go with its campaign', async () => {
    const c = await campaign();
    await comment(c.id, 'Bye');
    expect((await t.api('DELETE', `/api/campaigns/${c.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', `/api/campaigns/${c.id}/comments`, { token: admin.token })).status).toBe(404);
  });
});

describe('keys', () => {
  it('should let every key that reads the campaign read its comments; only a full write key writes, as its owner', async () => {
    const c = await emailCampaign();
    await comment(c.id, 'Hello');
    const key = async (body: object) => (await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: `Key ${++serial}`, ...body } })).body.secret as string;
    const readOnly = await key({ read_only: true });
    const channelKey = await key({ read_only: false, channels: ['email'] });
    const full = await key({ read_only: false });
    for (const k of [readOnly, channelKey, full]) expect(await bodies(c.id, k)).toEqual(['Hello']);
    expect((await t.api('POST', `/api/campaigns/${c.id}/comments`, { token: readOnly, body: { body: 'No' } })).status).toBe(403);
    expect((await t.api('POST', `/api/campaigns/${c.id}/comments`, { token: channelKey, body: { body: 'No' } })).status).toBe(403);
    const byKey = await t.api('POST', `/api/campaigns/${c.id}/comments`, { token: full, body: { body: 'From a script' } });
    expect(byKey.status).toBe(201);
    expect(byKey.body.created_by).toBe(admin.userId);
  });
});

describe('mentions', () => {
  it('should list as mentionable only the people who may read the campaign, filtered by e-mail', async () => {
    const c = await emailCampaign();
    const all = (await t.api('GET', `/api/campaigns/${c.id}/mentionable`, { token: emailEditor.token })).body as Array<{ email: string }>;
    expect(all.map((u) => u.email)).toEqual(['admin@comments.test', 'editor@comments.test', 'viewer@comments.test']);
    const some = (await t.api('GET', `/api/campaigns/${c.id}/mentionable?q=VIEW`, { token: emailEditor.token })).body as Array<{ email: string }>;
    expect(some.map((u) => u.email)).toEqual(['viewer@comments.test']);
    expect((await t.api('GET', `/api/campaigns/${c.id}/mentionable`, { token: stranger.token })).status).toBe(404);
  });

  it('should refuse a mention of someone who cannot read the campaign, naming body and them, saving nothing', async () => {
    const c = await emailCampaign();
    const res = await t.api('POST', `/api/campaigns/${c.id}/comments`, { token: admin.token, body: { body: `Ping ${mention(stranger, 'x')}` } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: 'body', message: expect.stringContaining('stranger@comments.test cannot read this campaign') });
    expect(await bodies(c.id)).toEqual([]);
  });

  it('should keep a mention through a changed e-mail: the row names the person as they are now', async () => {
    const c = await emailCampaign();
    const k = await comment(c.id, `Over to ${mention(viewer, 'old-label')}`);
    expect(k.mentions).toEqual([{ id: viewer.userId, email: 'viewer@comments.test' }]);
    await t.services.db('users').where({ id: viewer.userId }).update({ email: 'viewer2@comments.test' });
    try {
      const [row] = (await t.api('GET', `/api/campaigns/${c.id}/comments`, { token: admin.token })).body;
      expect(row.mentions).toEqual([{ id: viewer.userId, email: 'viewer2@comments.test' }]);
    } finally {
      await t.services.db('users').where({ id: viewer.userId }).update({ email: 'viewer@comments.test' });
    }
  });

  it('should make the mentioned watch, and an edit mention only the people it adds', async () => {
    const c = await emailCampaign();
    const k = await comment(c.id, `Hi ${mention(viewer, 'v')}`);
    expect(await watch(c.id, viewer)).toMatchObject({ watching: true, reason: 'mentioned' });
    const refused = await t.api('PATCH', `/api/campaign-comments/${k.id}`, { token: admin.token, body: { body: `${k.body} ${mention(stranger, 's')}` } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('body');
    const edited = await t.api('PATCH', `/api/campaign-comments/${k.id}`, { token: admin.token, body: { body: `${k.body} and ${mention(emailEditor, 'e')}` } });
    expect(edited.status).toBe(200);
    expect(edited.body.mention_ids).toEqual([viewer.userId, emailEditor.userId]);
    expect(await watch(c.id, emailEditor)).toMatchObject({ watching: true, reason: 'mentioned' });
  });
});

describe('watching', () => {
  it('should count the owner, creator, assignees, reviewers and the mentioned who may read it, and let an unwatch override', async () => {
    const reviewer = await t.signUpAndIn(`reviewer${++serial}@comments.test`);
    await t.grant(admin.token, reviewer.userId, ['channel_view', 'seo']);
    const rule = await t.api('PUT', '/api/approval-rules/seo', { token: admin.token, body: { mode: 'one', steps: [{ name: 'Legal', reviewer_ids: [reviewer.userId] }] } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    try {
      const c = await campaign({ channels: ['email', 'seo'], owner_id: viewer.userId });
      expect(await watch(c.id, admin)).toEqual({ watching: true, reason: 'owner', count: 3 });
      expect(await watch(c.id, viewer)).toMatchObject({ watching: true, reason: 'owner' });
      expect(await watch(c.id, reviewer)).toMatchObject({ watching: true, reason: 'reviewer' });
      expect(await watch(c.id, emailEditor)).toEqual({ watching: false, reason: null, count: 3 });
      const task = await t.api('POST', `/api/campaigns/${c.id}/tasks`, { token: admin.token, body: { title: 'Check', assignee_id: emailEditor.userId } });
      expect(task.status, JSON.stringify(task.body)).toBe(201);
      expect(await watch(c.id, emailEditor)).toMatchObject({ watching: true, reason: 'assignee', count: 4 });
      const off = await t.api('PUT', `/api/campaigns/${c.id}/watch`, { token: viewer.token, body: { watching: false } });
      expect(off.body).toEqual({ watching: false, reason: null, count: 3 });
      const on = await t.api('PUT', `/api/campaigns/${c.id}/watch`, { token: stranger.token, body: { watching: true } });
      expect(on.status).toBe(404);
      expect((await t.api('PUT', `/api/campaigns/${c.id}/watch`, { token: viewer.token, body: { watching: 'yes' } })).body.error.details[0].path).toBe('watching');
      expect(await watchersOf(t.services.db, c.id)).toEqual([admin.userId, emailEditor.userId, reviewer.userId].sort());
    } finally {
      await t.api('PUT', '/api/approval-rules/seo', { token: admin.token, body: { mode: 'none', steps: [] } });
    }
  });

  it('should make a commenter watch, explicitly', async () => {
    const c = await emailCampaign();
    expect(await watch(c.id, viewer)).toMatchObject({ watching: false });
    await comment(c.id, 'Following', viewer.token);
    expect(await watch(c.id, viewer)).toMatchObject({ watching: true, reason: 'explicit' });
  });

  it('should answer watchersOf in one query for a thousand watchers', async () => {
    const c = await campaign();
    const db = t.services.db;
    const inserted = await db.raw(`INSERT INTO users (email, password_hash) SELECT 'w' || g || '-${serial}@comments.test', 'x' FROM generate_series(1, 1000) g RETURNING id`);
    const ids = (inserted.rows ?? inserted).map((r: { id: string }) => String(r.id));
    await db.raw(`INSERT INTO user_permissions (user_id, permission_type) SELECT unnest(?::uuid[]), 'global_view'`, [ids]);
    await db.raw('INSERT INTO campaign_watchers (campaign_id, user_id, watching) SELECT ?::uuid, unnest(?::uuid[]), true', [c.id, ids]);
    const started = performance.now();
    const watchers = await watchersOf(db, c.id);
    expect(watchers).toHaveLength(1001);
    expect(performance.now() - started).toBeLessThan(5000);
    await db('users').whereIn('id', ids).delete();
    expect(await watchersOf(db, c.id)).toEqual([admin.userId]);
  });
});

describe('the campaign_comments topic', () => {
  it('should send each comment change to those who may read its campaign, and to nobody else', async () => {
    const c = await emailCampaign();
    const hidden = await campaign({ scope: 'channel', primary_channel: 'pr' });
    const reader = await subscribedSocket(t.url, emailEditor.token, 'campaign_comments');
    try {
      const seen = await comment(c.id, 'Seen');
      const unseen = await comment(hidden.id, 'Unseen');
      await t.api('DELETE', `/api/campaign-comments/${seen.id}`, { token: admin.token });
      await reader.waitFor((m) => m.type === 'change' && m.op === 'delete' && m.id === seen.id);
      expect(reader.changes().map((m) => [m.op, m.row?.body ?? m.id])).toEqual([['insert', 'Seen'], ['delete', seen.id]]);
      expect(reader.changes().some((m) => m.row?.id === unseen.id || m.id === unseen.id)).toBe(false);
    } finally {
      reader.ws.close();
    }
  });
});

describe.each(TEST_ZONES)('times in %s', (zone) => {
  it('should answer ISO timestamps in UTC whatever the server’s zone', async () => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      const c = await campaign();
      const k = await comment(c.id, 'When?');
      expect(k.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      const edited = (await t.api('PATCH', `/api/campaign-comments/${k.id}`, { token: admin.token, body: { body: 'When!' } })).body;
      expect(edited.edited_at).toMatch(/Z$/);
      expect(Date.parse(edited.edited_at)).toBeGreaterThanOrEqual(Date.parse(k.created_at));
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
