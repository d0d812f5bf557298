import { TEST_ZONES, type TestZone } from '@cadence/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNotificationClock } from '../../notifications/background-tasks';
import { claimFanout, expandFanout, fanoutTask } from '../../notifications/fanout';
import { notify, type NotificationItem } from '../../notifications/notify';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';

// The inbox, its preferences, immediate mail, the daily digest and the one-click unsubscribe
// (docs/adr/0060-inbox-and-notification-mail.md).

let t: TestServer;
type Who = { token: string; userId: string; email: string };
let admin: Who;
/** Reads every campaign, writes none. */
let viewer: Who;
/** Reads and writes the email channel's campaigns only. */
let emailEditor: Who;
/** Reads nothing. */
let stranger: Who;
let serial = 0;

async function signUp(email: string): Promise<Who> {
  return { ...(await t.signUpAndIn(email)), email };
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await signUp('admin@inbox.test');
  viewer = await signUp('viewer@inbox.test');
  emailEditor = await signUp('editor@inbox.test');
  stranger = await signUp('stranger@inbox.test');
  await t.grant(admin.token, viewer.userId, ['global_view']);
  await t.grant(admin.token, emailEditor.userId, ['channel_view', 'email'], ['channel_create', 'email']);
});
afterAll(async () => t?.close());
afterEach(() => setNotificationClock(t.services, null));

async function campaign(body: Record<string, unknown> = {}, token = admin.token): Promise<Record<string, any>> {
  const res = await t.api('POST', '/api/campaigns', {
    token,
    body: { title: `Campaign ${++serial}`, planning_start_date: '2027-03-01', live_date: '2027-03-20', channels: ['email'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function task(campaignId: string, body: Record<string, unknown> = {}, token = admin.token): Promise<Record<string, any>> {
  const res = await t.api('POST', `/api/campaigns/${campaignId}/tasks`, { token, body: { title: `Task ${++serial}`, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const inbox = async (who: Who, query = '') => {
  const res = await t.api('GET', `/api/notifications${query}`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Array<Record<string, any>>;
};
const setPrefs = async (who: Who, body: unknown) => {
  const res = await t.api('PUT', '/api/notification-preferences', { token: who.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Notification mail to someone (a sign-up's confirmation mail is not one). */
const mailsTo = (who: Who) => t.services.mailer.sent.filter((m) => m.to === who.email && !!m.headers?.['List-Unsubscribe']);

describe('the inbox', () => {
  it('should tell an assignee of their new task, never whoever assigned it to themselves, newest first and live', async () => {
    const c = await campaign();
    const socket = await subscribedSocket(t.url, viewer.token, 'notifications');
    const others = await subscribedSocket(t.url, emailEditor.token, 'notifications');
    try {
      const x = await task(c.id, { title: 'Write the copy', assignee_id: viewer.userId, due_date: '2027-03-10' });
      const change = await socket.waitFor((m) => m.type === 'change' && m.row?.task_id === x.id);
      expect(change.row).toMatchObject({ kind: 'task_assigned', user_id: viewer.userId, campaign_id: c.id, actor_id: admin.userId, actor_email: admin.email, read_at: null });
      expect(change.row.data).toMatchObject({ campaign_title: c.title, task_title: 'Write the copy', due_date: '2027-03-10' });
      await task(c.id, { assignee_id: admin.userId });
      const [latest] = await inbox(viewer);
      expect(latest).toMatchObject({ task_id: x.id, kind: 'task_assigned' });
      expect((await inbox(admin)).some((n) => n.campaign_id === c.id)).toBe(false);
      // Nothing for anyone else.
      expect(others.changes().filter((m) => m.row?.campaign_id === c.id)).toEqual([]);
    } finally {
      socket.ws.close();
      others.ws.close();
    }
  });

  it('should tell a new assignee on a change of assignee, and count, mark one and mark all read', async () => {
    const c = await campaign();
    const x = await task(c.id);
    const moved = await t.api('PATCH', `/api/tasks/${x.id}`, { token: admin.token, body: { assignee_id: viewer.userId } });
    expect(moved.status).toBe(200);
    await task(c.id, { assignee_id: viewer.userId });
    const count = async () => (await t.api('GET', '/api/notifications/unread-count', { token: viewer.token })).body.count as number;
    const unread = await count();
    expect(unread).toBeGreaterThanOrEqual(2);
    const [first] = await inbox(viewer, '?unread=1');
    const read = await t.api('POST', `/api/notifications/${first!.id}/read`, { token: viewer.token });
    expect(read.status).toBe(200);
    expect(read.body.read_at).not.toBeNull();
    expect(read.body.version).toBe(first!.version + 1);
    expect(await count()).toBe(unread - 1);
    expect((await inbox(viewer, '?unread=1')).some((n) => n.id === first!.id)).toBe(false);
    // Someone else's item does not exist for them.
    expect((await t.api('POST', `/api/notifications/${first!.id}/read`, { token: admin.token })).status).toBe(404);
    const all = await t.api('POST', '/api/notifications/read-all', { token: viewer.token });
    expect(all.body.updated).toBe(unread - 1);
    expect(await count()).toBe(0);
  });

  it('should page newest first with a cursor, each item once', async () => {
    const c = await campaign();
    for (let i = 0; i < 5; i++) await task(c.id, { assignee_id: viewer.userId });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; headers: Headers; body: any } = await t.api('GET', `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: viewer.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((n: { id: string }) => n.id));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor && seen.length < 200);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await inbox(viewer, '?limit=200');
    expect(seen).toEqual(all.map((n) => n.id));
    const times = all.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.api('GET', '/api/notifications?cursor=nope', { token: viewer.token })).body.error.details[0].path).toBe('cursor');
  });

  it('should tell watchers of new dates or status once per change, not the one who made it', async () => {
    const c = await campaign({ owner_id: viewer.userId });
    const moved = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2027-03-27', title: 'Renamed' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await t.services.background.drain();
    const mine = (await inbox(viewer)).filter((n) => n.campaign_id === c.id && n.kind === 'campaign_changed');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toEqual({ campaign_title: 'Renamed', changes: { live_date: { before: '2027-03-20', after: '2027-03-27' } } });
    // A change of neither dates nor status tells nobody.
    await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { title: 'Renamed again' } });
    await t.services.background.drain();
    expect((await inbox(viewer)).filter((n) => n.campaign_id === c.id && n.kind === 'campaign_changed')).toHaveLength(1);
    expect((await inbox(admin)).some((n) => n.campaign_id === c.id)).toBe(false);
  });

  it('should tell watchers when a revert puts dates back', async () => {
    const c = await campaign({ owner_id: viewer.userId });
    await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2027-03-27' } });
    const history = await t.api('GET', `/api/history?resource=campaigns&id=${c.id}`, { token: admin.token });
    const update = history.body.entries.find((e: { action: string }) => e.action === 'update');
    const reverted = await t.api('POST', `/api/history/${update.id}/revert`, { token: admin.token });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    await t.services.background.drain();
    const changes = (await inbox(viewer)).filter((n) => n.campaign_id === c.id).map((n) => n.data.changes.live_date);
    expect(changes).toEqual([
      { before: '2027-03-27', after: '2027-03-20' },
      { before: '2027-03-20', after: '2027-03-27' },
    ]);
  });

  it('should tell whoever a template’s roles give tasks, in one go', async () => {
    const tpl = await t.api('POST', '/api/templates', {
      token: admin.token,
      body: { name: `Inbox launch ${++serial}`, defaults: { channels: ['email'] }, planning_offset: 5, roles: ['Writer'], tasks: [{ title: 'Draft', offset: -2, role: 'Writer' }, { title: 'Send', offset: 0 }] },
    });
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(201);
    const applied = await t.api('POST', `/api/templates/${tpl.body.id}/apply`, { token: admin.token, body: { campaigns: [{ title: `From template ${serial}`, live_date: '2027-05-03', roles: { Writer: viewer.userId } }] } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const id = applied.body.campaigns[0].id;
    expect((await inbox(viewer)).filter((n) => n.campaign_id === id).map((n) => [n.kind, n.data.task_title])).toEqual([['task_assigned', 'Draft']]);
  });

  it('should refuse access keys', async () => {
    const key = (await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'Inbox', read_only: false } })).body.secret;
    for (const path of ['/api/notifications', '/api/notifications/unread-count', '/api/notification-preferences']) {
      expect((await t.api('GET', path, { token: key })).status, path).toBe(403);
    }
  });
});

describe('notify', () => {
  const item = (user_id: string, campaign_id: string): NotificationItem => ({ user_id, kind: 'campaign_changed', campaign_id, actor_id: admin.userId, data: { campaign_title: 'Many' } });

  it('should write a thousand items in one statement', async () => {
    const c = await campaign();
    const statements: string[] = [];
    const listen = (q: { sql: string }) => void statements.push(q.sql);
    t.services.db.on('query', listen);
    try {
      const written = await notify(t.services.db, Array.from({ length: 1000 }, () => item(viewer.userId, c.id)));
      expect(written).toBe(1000);
    } finally {
      t.services.db.off('query', listen);
    }
    // Other statements meanwhile (the realtime feed's reads, background ticks) only read the table.
    expect(statements.filter((s) => /^\s*insert\s+into\s+notifications\b/i.test(s))).toHaveLength(1);
  });

  it('should write nothing for someone who cannot read the campaign now, and keep the others', async () => {
    const c = await campaign({ scope: 'channel', primary_channel: 'seo', channels: ['seo'] });
    const e = await campaign({ scope: 'channel', primary_channel: 'email', channels: ['email'] });
    expect(await notify(t.services.db, [item(stranger.userId, c.id), item(emailEditor.userId, c.id), item(emailEditor.userId, e.id), item(viewer.userId, c.id)])).toBe(0 + 0 + 1 + 0);
    expect((await inbox(emailEditor)).filter((n) => n.campaign_id === e.id)).toHaveLength(1);
    expect(await inbox(stranger)).toEqual([]);
  });
});

describe('fan-out after commit', () => {
  const changedItems = async (who: Who, campaignId: string) => (await inbox(who)).filter((n) => n.campaign_id === campaignId && n.kind === 'campaign_changed');
  const queued = (campaignId: string) => t.services.db('notification_fanouts').where({ campaign_id: campaignId }).select('id', 'created_at');

  it('should write no inbox item in a watched move’s own transaction, only one queued fan-out, and bring the items live just after', async () => {
    const c = await campaign({ owner_id: viewer.userId });
    // Background work held: what the PATCH wrote is all there is.
    await t.services.background.stop();
    const socket = await subscribedSocket(t.url, viewer.token, 'notifications');
    const statements: string[] = [];
    const listen = (q: { sql: string }) => void statements.push(q.sql);
    try {
      t.services.db.on('query', listen);
      const moved = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2027-03-24' } });
      t.services.db.off('query', listen);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(statements.filter((q) => /insert\s+into\s+"?notifications"?\s/i.test(q))).toEqual([]);
      expect(statements.filter((q) => /insert\s+into\s+"?notification_fanouts"?/i.test(q))).toHaveLength(1);
      expect(await changedItems(viewer, c.id)).toEqual([]);
      const [row] = await queued(c.id);
      expect(row).toBeDefined();
      t.services.background.start();
      const change = await socket.waitFor((m) => m.type === 'change' && m.row?.campaign_id === c.id && m.row?.kind === 'campaign_changed');
      expect(change.row.data).toEqual({ campaign_title: c.title, changes: { live_date: { before: '2027-03-20', after: '2027-03-24' } } });
      // Dated when the campaign moved, not when the item was written.
      expect(new Date(change.row.created_at).getTime()).toBe(new Date(row!.created_at).getTime());
      expect(await queued(c.id)).toEqual([]);
      expect(await changedItems(admin, c.id)).toEqual([]);
    } finally {
      t.services.db.off('query', listen);
      socket.ws.close();
      t.services.background.start();
    }
  });

  it('should leave a fan-out queued when its expansion dies half way, then write each item once, however many processes expand', async () => {
    const c = await campaign({ owner_id: viewer.userId, channels: ['email'] });
    const d = await campaign({ owner_id: emailEditor.userId, channels: ['email'] });
    await t.services.background.stop();
    try {
      for (const [id, body] of [
        [c.id, { live_date: '2027-03-25' }],
        [c.id, { planning_start_date: '2027-03-02' }],
        [d.id, { live_date: '2027-03-26' }],
      ] as const) {
        const res = await t.api('PATCH', `/api/campaigns/${id}`, { token: admin.token, body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      expect((await queued(c.id)).length + (await queued(d.id)).length).toBe(3);
      // The process dies after writing the items, before its commit: all of it rolls back.
      const died = t.services.db.transaction(async (trx) => {
        const row = await claimFanout(trx);
        expect(await expandFanout(t.services, trx, row!)).toBe(1);
        throw new Error('process died');
      });
      await expect(died).rejects.toThrow('process died');
      expect(await changedItems(viewer, c.id)).toEqual([]);
      expect((await queued(c.id)).length).toBe(2);
      // Two processes' tasks at once, then again: each change reaches each watcher once.
      const [one, two] = [fanoutTask(t.services), fanoutTask(t.services)];
      await Promise.all([one.tick(), two.tick()]);
      expect(await one.tick()).toBe(0);
      expect((await changedItems(viewer, c.id)).map((n) => Object.keys(n.data.changes))).toEqual([['planning_start_date'], ['live_date']]);
      expect((await changedItems(emailEditor, d.id)).map((n) => n.data.changes.live_date.after)).toEqual(['2027-03-26']);
      expect(await queued(c.id)).toEqual([]);
    } finally {
      t.services.background.start();
    }
  });

  it('should judge the watchers when it expands: someone who lost access meanwhile hears nothing', async () => {
    const who = await signUp(`fanout-${++serial}@inbox.test`);
    await t.grant(admin.token, who.userId, ['global_view']);
    const c = await campaign({ owner_id: who.userId });
    await t.services.background.stop();
    try {
      await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2027-03-23' } });
      expect((await t.api('DELETE', `/api/users/${who.userId}/permissions?permission_type=global_view`, { token: admin.token })).status).toBe(204);
      await t.services.background.drain();
      expect(await queued(c.id)).toEqual([]);
      expect(await t.services.db('notifications').where({ user_id: who.userId, campaign_id: c.id })).toEqual([]);
    } finally {
      t.services.background.start();
    }
  });
});

describe('preferences', () => {
  it('should answer the defaults, keep a change, and refuse unknown kinds, deliveries and zones naming the field', async () => {
    const who = await signUp(`prefs-${++serial}@inbox.test`);
    const prefs = await t.api('GET', '/api/notification-preferences', { token: who.token });
    expect(prefs.body).toMatchObject({ digest_time: '08:00', time_zone: 'UTC', kinds: { mentioned: 'email', review_requested: 'email', task_assigned: 'digest' } });
    const bad = async (body: unknown) => {
      const res = await t.api('PUT', '/api/notification-preferences', { token: who.token, body });
      expect(res.status).toBe(400);
      return res.body.error.details.map((d: { path: string }) => d.path);
    };
    expect(await bad({ kinds: { foo: 'email' } })).toEqual(['kinds.foo']);
    expect(await bad({ kinds: { approved: 'sms' } })).toEqual(['kinds.approved']);
    expect(await bad({ time_zone: 'Atlantis/Capital' })).toEqual(['time_zone']);
    expect(await bad({ digest_time: '7:00' })).toEqual(['digest_time']);
    expect(await bad({ kinds: 'email' })).toEqual(['kinds']);
    expect((await t.api('GET', '/api/notification-preferences', { token: who.token })).body).toEqual(prefs.body);
    const saved = await setPrefs(who, { kinds: { approved: 'app' }, time_zone: 'Pacific/Kiritimati' });
    expect(saved).toMatchObject({ time_zone: 'Pacific/Kiritimati', digest_time: '08:00', kinds: { approved: 'app', mentioned: 'email' } });
  });
});

describe('mail at once', () => {
  it('should mail one message per item with both parts, links to the campaign’s tab from the site, and RFC 8058 headers', async () => {
    const who = await signUp(`mail-${++serial}@inbox.test`);
    await t.grant(admin.token, who.userId, ['global_view']);
    await setPrefs(who, { kinds: { task_assigned: 'email' } });
    const c = await campaign();
    await task(c.id, { title: 'Proofread', assignee_id: who.userId });
    await task(c.id, { title: 'Publish', assignee_id: who.userId });
    await t.services.background.drain();
    const mails = mailsTo(who);
    expect(mails.map((m) => m.subject).sort()).toEqual([`${admin.email} assigned you “Proofread” on ${c.title}`, `${admin.email} assigned you “Publish” on ${c.title}`].sort());
    const mail = mails[0]!;
    const link = `${t.services.site.url}/?campaign=${c.id}&campaign_tab=tasks`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link.replace('&', '&#38;'));
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers!['List-Unsubscribe']).toMatch(new RegExp(`^<${t.services.site.url.replace(/[.]/g, '\\.')}/api/notifications/unsubscribe\\?token=[^>]+>$`));
    // Sent once: another drain sends nothing more.
    await t.services.background.drain();
    expect(mailsTo(who)).toHaveLength(2);
  });

  it('should unsubscribe from one kind signed out: a page with a button, then a POST that sets that kind to the app alone', async () => {
    const who = await signUp(`unsub-${++serial}@inbox.test`);
    await t.grant(admin.token, who.userId, ['global_view']);
    await setPrefs(who, { kinds: { task_assigned: 'email', campaign_changed: 'email' } });
    const c = await campaign();
    await task(c.id, { assignee_id: who.userId });
    await t.services.background.drain();
    const header = mailsTo(who).at(-1)!.headers!['List-Unsubscribe']!;
    const path = header.slice(header.indexOf('/api/'), -1);
    const page = await t.api('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('A task is assigned to me');
    // Following the link changes nothing (mail scanners follow links).
    expect((await t.api('GET', '/api/notification-preferences', { token: who.token })).body.kinds.task_assigned).toBe('email');
    const post = await t.api('POST', path, { raw: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(post.status).toBe(200);
    const prefs = (await t.api('GET', '/api/notification-preferences', { token: who.token })).body;
    expect(prefs.kinds).toMatchObject({ task_assigned: 'app', campaign_changed: 'email' });
    const tampered = await t.api('POST', `${path}x`, { raw: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.details[0].path).toBe('token');
  });

  it('should send nothing about a campaign to someone who lost access to it before the mail left', async () => {
    const who = await signUp(`lost-${++serial}@inbox.test`);
    await t.grant(admin.token, who.userId, ['global_view']);
    await setPrefs(who, { kinds: { task_assigned: 'email' } });
    await t.services.background.stop();
    try {
      const c = await campaign();
      await task(c.id, { assignee_id: who.userId });
      const revoked = await t.api('DELETE', `/api/users/${who.userId}/permissions?permission_type=global_view`, { token: admin.token });
      expect(revoked.status).toBe(204);
      await t.services.background.drain();
      expect(mailsTo(who)).toEqual([]);
    } finally {
      t.services.background.start();
    }
  });

  it('should mail the reviewers a review request at once (their default)', async () => {
    const reviewer = await signUp(`reviewer-${++serial}@inbox.test`);
    await t.grant(admin.token, reviewer.userId, ['channel_view', 'social']);
    const rule = await t.api('PUT', '/api/approval-rules/social', { token: admin.token, body: { mode: 'one', steps: [{ name: 'Brand', reviewer_ids: [reviewer.userId] }] } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    try {
      const c = await campaign({ channels: ['social'] });
      const asked = await t.api('POST', `/api/campaigns/${c.id}/review-requests`, { token: admin.token, body: {} });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      await t.services.background.drain();
      expect(mailsTo(reviewer).map((m) => m.subject)).toEqual([`${admin.email} asked for your review of ${c.title}`]);
      expect(mailsTo(reviewer)[0]!.text).toContain(`campaign_tab=review`);
      const decided = await t.api('POST', `/api/campaigns/${c.id}/review-decisions`, { token: reviewer.token, body: { channel: 'social', decision: 'approve' } });
      expect(decided.status, JSON.stringify(decided.body)).toBe(201);
      expect((await inbox(admin)).find((n) => n.campaign_id === c.id)).toMatchObject({ kind: 'approved', actor_id: reviewer.userId, data: { channel: 'social' } });
    } finally {
      await t.api('PUT', '/api/approval-rules/social', { token: admin.token, body: { mode: 'none', steps: [] } });
    }
  });
});

/** 09:30 on 2027-01-15 in each zone, as an instant (January: Los Angeles is UTC−8, Kiritimati UTC+14). */
const HALF_PAST_NINE: Record<TestZone, string> = {
  UTC: '2027-01-15T09:30:00Z',
  'America/Los_Angeles': '2027-01-15T17:30:00Z',
  'Pacific/Kiritimati': '2027-01-14T19:30:00Z',
};
const plus = (iso: string, hours: number) => new Date(new Date(iso).getTime() + hours * 3_600_000);

describe.each(TEST_ZONES)('the daily digest for someone in %s', (zone) => {
  it('should leave once their digest time has passed in their zone, once a day, items grouped per campaign', async () => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      const who = await signUp(`digest-${++serial}@inbox.test`);
      await t.grant(admin.token, who.userId, ['global_view']);
      await setPrefs(who, { time_zone: zone, digest_time: '09:00' });
      const a = await campaign({ title: `Digest A ${serial}` });
      const b = await campaign({ title: `Digest B ${serial}` });
      const changed = (campaign_id: string, title: string): NotificationItem => ({
        user_id: who.userId, kind: 'campaign_changed', campaign_id, actor_id: admin.userId, data: { campaign_title: title, changes: { status: { before: 'planning', after: 'live' } } },
      });
      await notify(t.services.db, [changed(a.id, a.title), changed(b.id, b.title), changed(a.id, a.title)]);
      // 08:59 their time: not yet.
      setNotificationClock(t.services, () => plus(HALF_PAST_NINE[zone], -31 / 60));
      await t.services.background.drain();
      expect(mailsTo(who)).toEqual([]);
      setNotificationClock(t.services, () => new Date(HALF_PAST_NINE[zone]));
      await t.services.background.drain();
      expect(mailsTo(who)).toHaveLength(1);
      const digest = mailsTo(who)[0]!;
      expect(digest.subject).toBe('Your Cadence digest: 3 items (2027-01-15)');
      // One section per campaign: its title as the heading, then its items (each says the title too).
      expect(digest.text.split(a.title)).toHaveLength(1 + 1 + 2);
      expect(digest.text.split(b.title)).toHaveLength(1 + 1 + 1);
      expect(digest.html!.split(`<h3>${a.title}</h3>`)).toHaveLength(2);
      expect(digest.html!.split(`<h3>${b.title}</h3>`)).toHaveLength(2);
      expect(digest.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      // Later the same day: a new item waits for tomorrow's digest.
      await notify(t.services.db, [changed(b.id, b.title)]);
      setNotificationClock(t.services, () => plus(HALF_PAST_NINE[zone], 10));
      await t.services.background.drain();
      expect(mailsTo(who)).toHaveLength(1);
      setNotificationClock(t.services, () => plus(HALF_PAST_NINE[zone], 24));
      await t.services.background.drain();
      expect(mailsTo(who).map((m) => m.subject)).toEqual(['Your Cadence digest: 3 items (2027-01-15)', 'Your Cadence digest: 1 item (2027-01-16)']);
    } finally {
      process.env.TZ = saved;
    }
  });
});

describe.each(TEST_ZONES)('task reminders for someone in %s', (zone) => {
  it('should remind the assignee of a task due tomorrow and of an overdue one, each once, on their own day', async () => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      const who = await signUp(`remind-${++serial}@inbox.test`);
      await t.grant(admin.token, who.userId, ['global_view']);
      await setPrefs(who, { time_zone: zone });
      const c = await campaign();
      // On 2027-01-15 in their zone: due the 16th is due tomorrow, the 13th is overdue, the 20th neither.
      const tomorrow = await task(c.id, { assignee_id: who.userId, due_date: '2027-01-16' });
      const late = await task(c.id, { assignee_id: who.userId, due_date: '2027-01-13' });
      await task(c.id, { assignee_id: who.userId, due_date: '2027-01-20' });
      const done = await task(c.id, { assignee_id: who.userId, due_date: '2027-01-13' });
      await t.api('PATCH', `/api/tasks/${done.id}`, { token: who.token, body: { status: 'done' } });
      setNotificationClock(t.services, () => new Date(HALF_PAST_NINE[zone]));
      await t.services.background.drain();
      await t.services.background.drain();
      const reminders = (await inbox(who)).filter((n) => n.kind === 'task_due_tomorrow' || n.kind === 'task_overdue');
      expect(reminders.map((n) => [n.kind, n.task_id, n.data.due_date]).sort()).toEqual(
        [
          ['task_due_tomorrow', tomorrow.id, '2027-01-16'],
          ['task_overdue', late.id, '2027-01-13'],
        ].sort(),
      );
    } finally {
      process.env.TZ = saved;
    }
  });
});
