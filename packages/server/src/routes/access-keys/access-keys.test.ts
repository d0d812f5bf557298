import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  const mk = (title: string, extra: object) =>
    t.api('POST', '/api/campaigns', { token: admin, body: { title, planning_start_date: '2026-03-01', live_date: '2026-03-30', ...extra } });
  await mk('Email spring', { channels: ['email'], end_date: '2026-04-02' });
  await mk('SEO sprint', { channels: ['seo'] });
  await mk('PR only', { scope: 'channel', primary_channel: 'pr' });
});
afterAll(async () => t?.close());

const createKey = async (body: object) => (await t.api('POST', '/api/access-keys', { token: admin, body })).body;

describe('access keys', () => {
  it('should show the secret once, list keys without it, and stop a revoked key at once', async () => {
    const key = await createKey({ name: 'Intranet', read_only: true });
    expect(key.secret).toMatch(/^cad_/);
    const list = await t.api('GET', '/api/access-keys', { token: admin });
    expect(list.body.find((k: { id: string }) => k.id === key.id)).toEqual({
      id: key.id, name: 'Intranet', read_only: true, channels: null, created_by: expect.any(String), created_at: expect.any(String), last_used_at: null, view_id: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
    expect((await t.api('GET', '/api/campaigns', { token: key.secret })).body).toHaveLength(3);
    expect((await t.api('DELETE', `/api/access-keys/${key.id}`, { token: admin })).status).toBe(204);
    expect((await t.api('GET', '/api/campaigns', { token: key.secret })).status).toBe(401);
    expect((await t.api('GET', '/api/access-keys', { token: admin })).body.some((k: { id: string }) => k.id === key.id)).toBe(false);
  });

  it('should let a read-only key read but never write, even one made by an admin', async () => {
    const key = await createKey({ name: 'Embed', read_only: true });
    const res = await t.api('POST', '/api/campaigns', { token: key.secret, body: { title: 'x', planning_start_date: '2026-01-01', live_date: '2026-01-02' } });
    expect(res.status).toBe(403);
    expect((await t.api('GET', '/api/access-keys', { token: key.secret })).status).toBe(403);
    const me = await t.api('GET', '/api/auth/user', { token: key.secret });
    expect(me.body.abilities).toMatchObject({ read_only: true, global: { view: true, create: false } });
    expect(me.body.principal).toEqual({ user_id: me.body.user.id, role: 'admin', permissions: [], read_only: true, channels: null, key: true });
  });

  it('should keep a channel-limited key to its channels, and let a script key act as its creator', async () => {
    const limited = await createKey({ name: 'Email board', read_only: true, channels: ['email'] });
    expect((await t.api('GET', '/api/campaigns', { token: limited.secret })).body.map((c: { title: string }) => c.title)).toEqual(['Email spring']);
    expect((await t.api('GET', '/api/auth/user', { token: limited.secret })).body.principal).toMatchObject({ read_only: true, channels: ['email'] });
    const script = await createKey({ name: 'Import script', read_only: false });
    const created = await t.api('POST', '/api/ideas', { token: script.secret, body: { title: 'From a script' } });
    expect(created.status).toBe(201);
  });

  it('should refuse keys for non-admins and validate the body', async () => {
    const user = await t.signUpAndIn('user@example.com');
    expect((await t.api('POST', '/api/access-keys', { token: user.token, body: { name: 'x' } })).status).toBe(403);
    const bad = await t.api('POST', '/api/access-keys', { token: admin, body: { name: '', channels: ['fax'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['channels.0', 'name']);
  });
});

describe('calendar.ics', () => {
  it('should serve the campaigns a key may read as all-day events a calendar parser accepts', async () => {
    const key = await createKey({ name: 'Calendar', read_only: true });
    const res = await fetch(`${t.url}/api/calendar.ics?key=${key.secret}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(await res.text()));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const spring = events.find((e) => e.summary === 'Email spring')!;
    expect(spring.startDate.isDate).toBe(true);
    expect(spring.startDate.toString()).toBe('2026-03-30');
    // Exclusive end: the campaign's last day is April 2.
    expect(spring.endDate.toString()).toBe('2026-04-03');
    expect(events.map((e) => e.summary).sort()).toEqual(['Email spring', 'PR only', 'SEO sprint']);
  });

  it('should filter by channel, and refuse a missing, revoked or session token', async () => {
    const key = await createKey({ name: 'Calendar', read_only: true });
    const email = await (await fetch(`${t.url}/api/calendar.ics?key=${key.secret}&channel=email`)).text();
    expect(email).toContain('SUMMARY:Email spring');
    expect(email).not.toContain('SEO sprint');
    expect((await fetch(`${t.url}/api/calendar.ics`)).status).toBe(400);
    expect((await fetch(`${t.url}/api/calendar.ics?key=${admin}`)).status).toBe(401);
    await t.api('DELETE', `/api/access-keys/${key.id}`, { token: admin });
    expect((await fetch(`${t.url}/api/calendar.ics?key=${key.secret}`)).status).toBe(401);
  });
});
