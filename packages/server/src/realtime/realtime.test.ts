import { createRealtimeClient, type ChangeFrame } from '@cadence/core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { openSocket, sleep, subscribedSocket } from '../test/socket';

let t: TestServer;
let admin: string;
let viewer: { token: string; userId: string };
const campaign = (title: string, channels: string[]) => ({ title, planning_start_date: '2026-05-01', live_date: '2026-05-10', channels });

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  viewer = await t.signUpAndIn('viewer@example.com');
});
afterAll(async () => t?.close());

describe('connecting', () => {
  it('should refuse a subscribe before auth, a bad token, and a foreign Origin, before any data', async () => {
    const early = await openSocket(t.url);
    early.send({ type: 'subscribe', id: 'x', topic: 'campaigns' });
    expect((await early.closed).code).toBe(4401);
    expect(early.messages.every((m) => m.type === 'error')).toBe(true);

    const bad = await openSocket(t.url);
    bad.send({ type: 'auth', token: 'eyJhbGciOiJub25lIn0.e30.' });
    expect((await bad.closed).code).toBe(4401);
    expect(bad.messages).toEqual([expect.objectContaining({ type: 'error', code: 'unauthorized' })]);

    await expect(openSocket(t.url, { Origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const own = await openSocket(t.url, { Origin: t.url });
    own.ws.close();
  });

  it('should refuse frames above 64 KB', async () => {
    const s = await openSocket(t.url);
    s.ws.send('x'.repeat(65 * 1024));
    expect((await s.closed).code).toBe(1009);
  });
});

describe('delivery', () => {
  it('should send a change only to subscribers allowed to read that row', async () => {
    await t.grant(admin, viewer.userId, ['channel_view', 'email']);
    const s = await subscribedSocket(t.url, viewer.token, 'campaigns');
    await t.api('POST', '/api/campaigns', { token: admin, body: campaign('SEO only', ['seo']) });
    const email = (await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Email one', ['email']) })).body;
    const got = await s.waitFor((m) => m.type === 'change');
    expect(got).toMatchObject({ topic: 'campaigns', op: 'insert', row: { id: email.id, title: 'Email one' } });
    // The row a subscriber receives is the row the API answered, field for field (dates, timestamps, arrays).
    expect(got.row).toEqual(email);
    await sleep(100);
    expect(s.changes().map((m) => m.row.title)).toEqual(['Email one']);
    s.ws.close();
  });

  it('should stop delivery at once when a permission is revoked', async () => {
    const s = await subscribedSocket(t.url, viewer.token, 'campaigns');
    await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Before revoke', ['email']) });
    await s.waitFor((m) => m.row?.title === 'Before revoke');
    await t.api('DELETE', `/api/users/${viewer.userId}/permissions?permission_type=channel_view&channel=email`, { token: admin });
    await t.api('POST', '/api/campaigns', { token: admin, body: campaign('After revoke', ['email']) });
    const marker = await subscribedSocket(t.url, admin, 'campaigns');
    await t.api('POST', '/api/campaigns', { token: admin, body: campaign('Marker', ['seo']) });
    await marker.waitFor((m) => m.row?.title === 'Marker');
    await sleep(100);
    expect(s.changes().map((m) => m.row.title)).toEqual(['Before revoke']);
    s.ws.close();
    marker.ws.close();
  });

  it('should honour a filter such as ads with status live, and send deletes as ids', async () => {
    const pub = (await t.api('POST', '/api/publications', { token: admin, body: { name: 'Feed Weekly' } })).body;
    const type = (await t.api('POST', `/api/publications/${pub.id}/ad-types`, { token: admin, body: { ad_type: 'Banner' } })).body;
    const s = await subscribedSocket(t.url, admin, 'ads', { status: 'live' });
    const ad = (await t.api('POST', '/api/ads', { token: admin, body: { publication_id: pub.id, ad_type_id: type.id, due_date: '2026-01-01', live_date: '2026-01-05' } })).body;
    await t.api('PATCH', `/api/ads/${ad.id}`, { token: admin, body: { status: 'live' } });
    const live = await s.waitFor((m) => m.type === 'change');
    expect(live).toMatchObject({ op: 'update', row: { id: ad.id, status: 'live', publication_name: 'Feed Weekly' } });
    await t.api('DELETE', `/api/ads/${ad.id}`, { token: admin });
    const gone = await s.waitFor((m) => m.op === 'delete');
    expect(gone).toEqual({ type: 'change', seq: expect.any(Number), topic: 'ads', op: 'delete', id: ad.id });
    expect(s.changes()).toHaveLength(2);
    s.ws.close();
  });
});

describe('resume', () => {
  it('should replay exactly the missed changes in order, without duplicates, after a dropped connection', async () => {
    const received: Array<ChangeFrame<'ideas'>> = [];
    let socket: WebSocket | null = null;
    const statuses: string[] = [];
    const client = createRealtimeClient({
      apiUrl: t.url,
      getToken: () => admin,
      onStatus: (s) => statuses.push(s),
      minDelayMs: 1500,
      maxDelayMs: 1500,
      socketFactory: (url) => {
        socket = new WebSocket(url);
        return socket as never;
      },
    });
    client.subscribe('ideas', (c) => received.push(c));
    await expect.poll(() => statuses.includes('open')).toBe(true);
    await t.api('POST', '/api/ideas', { token: admin, body: { title: 'warm-up' } });
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);

    socket!.terminate();
    const titles = Array.from({ length: 100 }, (_, i) => `missed ${i}`);
    for (const title of titles) await t.api('POST', '/api/ideas', { token: admin, body: { title } });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(101);
    await sleep(200);
    expect(received.map((c) => (c.op === 'delete' ? c.id : c.row.title))).toEqual(['warm-up', ...titles]);
    const seqs = received.map((c) => c.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(101);
    client.close();
  });

  it('should answer resync when the missed changes are past retention', async () => {
    const s = await subscribedSocket(t.url, admin, 'ideas');
    const ready = s.messages.find((m) => m.type === 'ready')!;
    const meta = t.services.db('changes_meta').where({ id: 1 });
    const { pruned_through: before } = await meta.clone().first('pruned_through');
    await meta.clone().update({ pruned_through: ready.seq });
    s.send({ type: 'resume', since: ready.seq - 1 });
    await s.waitFor((m) => m.type === 'resync');
    await meta.clone().update({ pruned_through: before });
    s.ws.close();
  });

  it('should prune tombstones past their retention and remember how far', async () => {
    const idea = (await t.api('POST', '/api/ideas', { token: admin, body: { title: 'to be deleted' } })).body;
    const s = await subscribedSocket(t.url, admin, 'ideas');
    const since = s.messages.find((m) => m.type === 'ready')!.seq;
    await t.api('DELETE', `/api/ideas/${idea.id}`, { token: admin });
    await s.waitFor((m) => m.op === 'delete' && m.id === idea.id);
    await t.hub.prune();
    expect(await t.hub.isPruned(since)).toBe(false);
    await t.services.db('change_marks').update({ created_at: t.services.db.raw("now() - interval '2 days'") });
    await t.hub.prune();
    // The delete is gone from the feed: a client from before it must refetch.
    expect(await t.hub.isPruned(since)).toBe(true);
    expect(Number((await t.services.db('change_marks').count({ n: '*' }))[0]!.n)).toBe(0);
    s.ws.close();
  });
});
