import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { createServices, startServer } from '../../server';
import { startTestServer, type TestServer } from '../../test/harness';
import { startReceiver, until, type Answer, type Received } from '../../test/webhook-receiver';
import { queueEvent } from '../../webhooks/events';
import { verifyWebhookSignature } from '../../webhooks/sign';

// Signed webhooks (docs/adr/0058) against a real receiver on 127.0.0.1, allowed by name.

const ALLOWED = { WEBHOOK_ALLOWED_HOSTS: ['127.0.0.1'] };
let t: TestServer;
let admin: { token: string; userId: string };
let answer: (r: Received, n: number) => Answer = () => ({ status: 200 });
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await startTestServer(ALLOWED);
  admin = await t.signUpAndIn('admin@hooks.test');
  receiver = await startReceiver((r, n) => answer(r, n));
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const campaign = async (title: string, extra: object = {}) => {
  const res = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title, planning_start_date: '2026-03-01', live_date: '2026-03-30', channels: ['email'], ...extra } });
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number; live_date: string };
};
const addHook = async (body: object, token = admin.token) => {
  const res = await t.api('POST', '/api/webhooks', { token, body: { url: `${receiver.url}/hook`, events: ['*'], ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string };
};
const removeHook = (id: string) => t.api('DELETE', `/api/webhooks/${id}`, { token: admin.token });
const deliveries = async (hookId: string) => (await t.api('GET', `/api/webhooks/${hookId}/deliveries`, { token: admin.token })).body as Array<Record<string, any>>;
const bodies = (from = 0) => receiver.received.slice(from).map((r) => JSON.parse(r.body));

describe('webhook endpoints', () => {
  it('should show the secret once, list endpoints without it, and refuse anyone but an administrator', async () => {
    const hook = await addHook({ description: 'Ops', events: ['campaign.created'] });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.api('GET', '/api/webhooks', { token: admin.token });
    expect(list.body.find((h: { id: string }) => h.id === hook.id)).toMatchObject({ url: `${receiver.url}/hook`, events: ['campaign.created'], format: 'json', active: true, last_delivery: null });
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);
    const rotated = await t.api('POST', `/api/webhooks/${hook.id}/rotate-secret`, { token: admin.token });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const user = await t.signUpAndIn('user@hooks.test');
    expect((await t.api('GET', '/api/webhooks', { token: user.token })).status).toBe(403);
    expect((await t.api('POST', '/api/webhooks', { token: user.token, body: { url: 'https://example.com/x', events: ['*'] } })).status).toBe(403);
    const patched = await t.api('PATCH', `/api/webhooks/${hook.id}`, { token: admin.token, body: { active: false, events: ['task.done', 'task.done'] } });
    expect(patched.body).toMatchObject({ active: false, events: ['task.done'] });
    expect((await removeHook(hook.id)).status).toBe(204);
    expect((await t.api('GET', `/api/webhooks/${hook.id}`, { token: admin.token })).status).toBe(404);
  });

  it('should refuse, naming the field, an address that is not https or not allowed, and an unknown event', async () => {
    const refused = async (body: object) => {
      const res = await t.api('POST', '/api/webhooks', { token: admin.token, body: { events: ['*'], ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.error.details.map((d: { path: string }) => d.path);
    };
    for (const url of [
      'http://example.com/hook',
      'ftp://example.com/hook',
      'not a url',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hook',
      'https://100.100.100.200/hook',
      'https://[fd00:ec2::254]/hook',
      'https://metadata.google.internal/computeMetadata/v1',
      'https://10.0.0.8/hook',
      'https://192.168.1.4/hook',
      'https://127.0.0.2/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://user:pass@example.com/hook',
    ]) {
      expect(await refused({ url })).toEqual(['url']);
    }
    expect(await refused({ url: 'https://example.com/hook', events: ['campaign.exploded'] })).toEqual(['events.0']);
    expect(await refused({ url: 'https://example.com/hook', events: [] })).toEqual(['events']);
    expect(await refused({ url: 'https://example.com/hook', format: 'xml' })).toEqual(['format']);
    // A public https address, and a plain-http one on an allowed host.
    await removeHook((await addHook({ url: 'https://hooks.example.com/cadence' })).id);
    const local = await addHook({ url: `${receiver.url}/ok` });
    expect((await t.api('PATCH', `/api/webhooks/${local.id}`, { token: admin.token, body: { url: 'https://169.254.169.254/' } })).body.error.details[0].path).toBe('url');
    await removeHook(local.id);
  });
});

describe('the administrators’ history of endpoints', () => {
  it('should record who added, changed, re-keyed and removed an endpoint, never its secret, for administrators alone', async () => {
    const hook = await addHook({ description: 'Audit', events: ['campaign.created'] });
    expect((await t.api('PATCH', `/api/webhooks/${hook.id}`, { token: admin.token, body: { active: false, events: ['campaign.created', 'task.done'], description: 'Audit' } })).status).toBe(200);
    const rotated = (await t.api('POST', `/api/webhooks/${hook.id}/rotate-secret`, { token: admin.token })).body.secret as string;
    expect((await removeHook(hook.id)).status).toBe(204);
    const res = await t.api('GET', `/api/history?resource=webhooks&id=${hook.id}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entries = res.body.entries as Array<Record<string, any>>;
    expect(entries.map((e) => [e.action, e.actor?.id])).toEqual([['delete', admin.userId], ['update', admin.userId], ['update', admin.userId], ['create', admin.userId]]);
    expect(entries[3]!.row).toEqual({ url: `${receiver.url}/hook`, description: 'Audit', events: ['campaign.created'], format: 'json', active: true });
    // Only what changed: the description given again is not a change.
    expect(entries[2]!.changes).toEqual({ active: { before: true, after: false }, events: { before: ['campaign.created'], after: ['campaign.created', 'task.done'] } });
    expect(Object.keys(entries[1]!.changes)).toEqual(['secret']);
    expect(entries[0]!.row).toMatchObject({ url: `${receiver.url}/hook`, active: false });
    const text = JSON.stringify(entries);
    for (const secret of [hook.secret, rotated]) expect(text).not.toContain(secret);
    expect(text).not.toContain('whsec_');
    // Not a record anyone else reads, nor one a Revert puts back.
    const user = await t.signUpAndIn(`history-reader-${Date.now()}@hooks.test`);
    expect((await t.api('GET', '/api/history?resource=webhooks', { token: user.token })).body.entries).toEqual([]);
    expect((await t.api('POST', `/api/history/${entries[0]!.id}/revert`, { token: admin.token })).status).toBe(400);
  });
});

describe('deliveries', () => {
  it('should sign each event with the secret (t=…,v1=HMAC-SHA256 of "t.body"), as JSON with the row and the changed fields', async () => {
    const hook = await addHook({ events: ['campaign.created', 'campaign.updated', 'campaign.moved'] });
    const from = receiver.received.length;
    const c = await campaign('Spring sale');
    const moved = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2026-04-02' } });
    expect(moved.status).toBe(200);
    await until(() => receiver.received.length >= from + 3, 10_000, 'three deliveries');
    const got = receiver.received.slice(from);
    for (const r of got) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['user-agent']).toBe('Cadence-Webhooks/1');
      const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['cadence-signature']))!;
      expect(v1).toBe(createHmac('sha256', hook.secret).update(`${ts}.${r.body}`).digest('hex'));
      expect(verifyWebhookSignature(String(r.headers['cadence-signature']), r.body, hook.secret)).toBe(true);
      expect(verifyWebhookSignature(String(r.headers['cadence-signature']), r.body, 'whsec_wrong')).toBe(false);
      expect(r.headers['cadence-webhook-id']).toBe(JSON.parse(r.body).id);
    }
    const events = bodies(from);
    expect(events.map((e) => e.type).sort()).toEqual(['campaign.created', 'campaign.moved', 'campaign.updated']);
    const created = events.find((e) => e.type === 'campaign.created');
    expect(created).toMatchObject({ actor: { id: admin.userId, email: 'admin@hooks.test' }, data: { object: { id: c.id, title: 'Spring sale', live_date: '2026-03-30' }, previous_attributes: {} } });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    const movedEvent = events.find((e) => e.type === 'campaign.moved');
    expect(movedEvent.data.object.live_date).toBe('2026-04-02');
    expect(movedEvent.data.previous_attributes).toEqual({ live_date: '2026-03-30' });
    await until(async () => (await deliveries(hook.id)).every((d) => d.status === 'delivered'), 5000, 'the log to say delivered');
    const log = await deliveries(hook.id);
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, status_code: 200, response_body: 'ok', error: null });
    expect(log[0]!.response_ms).toBeGreaterThanOrEqual(0);
    await removeHook(hook.id);
  });

  it('should send nothing for a write that is refused or rolled back, and only the subscribed types', async () => {
    const hook = await addHook({ events: ['campaign.deleted'] });
    const c = await campaign('Kept');
    const stale = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { title: 'Stale' }, headers: { 'If-Match': '"99"' } });
    expect(stale.status).toBe(412);
    const bad = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2026-02-30' } });
    expect(bad.status).toBe(400);
    expect(await deliveries(hook.id)).toEqual([]);
    // Queued, then the transaction rolls back: the delivery goes with it.
    await expect(
      t.services.db.transaction(async (trx) => {
        expect(await queueEvent(trx, { type: 'campaign.deleted', actorId: admin.userId, row: c as never })).not.toBeNull();
        throw new Error('the write fails after queueing');
      }),
    ).rejects.toThrow('the write fails after queueing');
    expect(await deliveries(hook.id)).toEqual([]);
    expect((await t.api('DELETE', `/api/campaigns/${c.id}`, { token: admin.token })).status).toBe(204);
    const log = await deliveries(hook.id);
    expect(log.map((d) => d.event_type)).toEqual(['campaign.deleted']);
    expect(log[0]!.payload.data.object).toMatchObject({ id: c.id, title: 'Kept' });
    await removeHook(hook.id);
  });

  it('should raise task.assigned and task.done, and the review events', async () => {
    const hook = await addHook({ events: ['task.assigned', 'task.done', 'review.requested', 'review.approved', 'review.changes_requested'] });
    const c = await campaign('Tasks and reviews');
    const task = await t.api('POST', `/api/campaigns/${c.id}/tasks`, { token: admin.token, body: { title: 'Draft', assignee_id: admin.userId } });
    expect(task.status).toBe(201);
    expect((await t.api('PATCH', `/api/tasks/${task.body.id}`, { token: admin.token, body: { status: 'done' } })).status).toBe(200);
    expect((await t.api('PUT', '/api/approval-rules/email', { token: admin.token, body: { mode: 'one', steps: [{ name: 'Legal', reviewer_ids: [admin.userId] }] } })).status).toBe(200);
    expect((await t.api('POST', `/api/campaigns/${c.id}/review-requests`, { token: admin.token, body: {} })).status).toBe(201);
    expect((await t.api('POST', `/api/campaigns/${c.id}/review-decisions`, { token: admin.token, body: { channel: 'email', decision: 'approve' } })).status).toBe(201);
    await t.api('PUT', '/api/approval-rules/email', { token: admin.token, body: { mode: 'none' } });
    const log = await deliveries(hook.id);
    expect(log.map((d) => d.event_type).reverse()).toEqual(['task.assigned', 'task.done', 'review.requested', 'review.approved']);
    const done = log.find((d) => d.event_type === 'task.done')!.payload;
    expect(done.data.previous_attributes).toMatchObject({ status: 'todo' });
    expect(log.find((d) => d.event_type === 'review.approved')!.payload.data).toMatchObject({ object: { id: c.id }, review: { channel: 'email', decision: 'approve' } });
    await removeHook(hook.id);
  });

  it('should retry after a 500 with backoff, then deliver; and redeliver from the log', async () => {
    let fail = true;
    answer = () => (fail ? { status: 500, body: 'x'.repeat(5000) } : { status: 204 });
    const hook = await addHook({ events: ['campaign.created'] });
    await campaign('Retried');
    await until(async () => (await deliveries(hook.id))[0]?.attempts === 1 && (await deliveries(hook.id))[0]?.status_code === 500, 10_000, 'the first attempt');
    const [first] = await deliveries(hook.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, status_code: 500, error: 'The endpoint answered 500' });
    // Backoff: about a minute (±20 %), and only a kilobyte of the answer kept.
    const wait = new Date(first!.next_attempt_at).getTime() - Date.now();
    expect(wait).toBeGreaterThan(40_000);
    expect(wait).toBeLessThan(80_000);
    expect(first!.response_body).toHaveLength(1024);
    fail = false;
    // The minute passes.
    await t.services.db('webhook_deliveries').where({ id: first!.id }).update({ next_attempt_at: t.services.db.fn.now() });
    t.services.background.wake('webhooks');
    await until(async () => (await deliveries(hook.id))[0]?.status === 'delivered', 10_000, 'the retry');
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2, status_code: 204, error: null });
    answer = () => ({ status: 200 });

    const from = receiver.received.length;
    const again = await t.api('POST', `/api/webhook-deliveries/${first!.id}/redeliver`, { token: admin.token });
    expect(again.status).toBe(200);
    await until(() => receiver.received.length > from, 10_000, 'the redelivery');
    expect(JSON.parse(receiver.received.at(-1)!.body).id).toBe(first!.event_id);
    await until(async () => (await deliveries(hook.id))[0]?.attempts === 3, 10_000, 'the third attempt');
    expect((await t.api('POST', '/api/webhook-deliveries/00000000-0000-4000-8000-000000000000/redeliver', { token: admin.token })).status).toBe(404);
    await removeHook(hook.id);
  });

  it('should give up after the last retry, marking the delivery failed', async () => {
    answer = () => ({ status: 503 });
    const hook = await addHook({ events: ['campaign.created'] });
    await campaign('Never delivered');
    await until(async () => (await deliveries(hook.id))[0]?.attempts === 1, 10_000, 'the first attempt');
    const [d] = await deliveries(hook.id);
    // Its seventh attempt: nothing is left in the schedule.
    await t.services.db('webhook_deliveries').where({ id: d!.id }).update({ attempts: 6, next_attempt_at: t.services.db.fn.now() });
    t.services.background.wake('webhooks');
    await until(async () => (await deliveries(hook.id))[0]?.status === 'failed', 10_000, 'giving up');
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'failed', attempts: 7, next_attempt_at: null, status_code: 503 });
    const listed = (await t.api('GET', '/api/webhooks', { token: admin.token })).body.find((h: { id: string }) => h.id === hook.id);
    expect(listed.last_delivery).toMatchObject({ status: 'failed', status_code: 503 });
    answer = () => ({ status: 200 });
    await removeHook(hook.id);
  });

  it('should answer the write at once while the endpoint hangs', async () => {
    answer = () => 'hang';
    const hook = await addHook({ events: ['campaign.updated'] });
    const c = await campaign('Hung');
    const from = receiver.received.length;
    const started = performance.now();
    for (let i = 0; i < 3; i++) expect((await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { title: `Hung ${i}` } })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
    await until(() => receiver.received.length > from, 10_000, 'the hanging request');
    answer = () => ({ status: 200 });
    await removeHook(hook.id);
  });

  it('should send none for a row the endpoint creator can no longer read', async () => {
    const other = await t.signUpAndIn('second-admin@hooks.test');
    expect((await t.api('PUT', `/api/users/${other.userId}/role`, { token: admin.token, body: { role: 'admin' } })).status).toBe(200);
    const hook = await addHook({ events: ['campaign.created'] }, other.token);
    // Demoted, with rights on e-mail campaigns alone.
    expect((await t.api('PUT', `/api/users/${other.userId}/role`, { token: admin.token, body: { role: null } })).status).toBe(200);
    await t.grant(admin.token, other.userId, ['channel_view', 'email']);
    await campaign('SEO only', { channels: ['seo'] });
    const email = await campaign('On e-mail', { channels: ['email'] });
    const log = await deliveries(hook.id);
    expect(log.map((d) => d.payload.data.object.id)).toEqual([email.id]);
    await removeHook(hook.id);
  });

  it('should not send a queued or retried delivery once its endpoint creator was demoted', async () => {
    const other = await t.signUpAndIn('third-admin@hooks.test');
    expect((await t.api('PUT', `/api/users/${other.userId}/role`, { token: admin.token, body: { role: 'admin' } })).status).toBe(200);
    const hook = await addHook({ events: ['campaign.created'] }, other.token);
    answer = () => ({ status: 500 });
    await campaign('Retried after a demotion');
    await until(async () => (await deliveries(hook.id))[0]?.attempts === 1, 10_000, 'the first attempt');
    expect((await t.api('PUT', `/api/users/${other.userId}/role`, { token: admin.token, body: { role: null } })).status).toBe(200);
    answer = () => ({ status: 200 });
    const from = receiver.received.length;
    const [d] = await deliveries(hook.id);
    await t.services.db('webhook_deliveries').where({ id: d!.id }).update({ next_attempt_at: t.services.db.fn.now() });
    t.services.background.wake('webhooks');
    await until(async () => (await deliveries(hook.id))[0]?.status === 'failed', 10_000, 'the refusal');
    expect((await deliveries(hook.id))[0]).toMatchObject({ attempts: 2, error: 'Not sent: whoever added the endpoint may no longer read this row' });
    expect(receiver.received.length).toBe(from);
    await removeHook(hook.id);
  });

  it('should post a readable sentence with a link to a Slack-format endpoint, and a ping on test', async () => {
    const hook = await addHook({ events: ['campaign.created'], format: 'slack' });
    const from = receiver.received.length;
    const c = await campaign('Slack launch');
    await until(() => receiver.received.length > from, 10_000, 'the Slack post');
    const text = JSON.parse(receiver.received.at(-1)!.body).text as string;
    expect(text).toBe(`admin@hooks.test created campaign <${t.services.site.url}/campaigns/${c.id}|Slack launch>`);
    const ping = await t.api('POST', `/api/webhooks/${hook.id}/test`, { token: admin.token });
    expect(ping.status).toBe(201);
    expect(ping.body).toMatchObject({ event_type: 'ping', status: 'pending', webhook_id: hook.id });
    await until(async () => (await deliveries(hook.id))[0]?.status === 'delivered', 10_000, 'the ping');
    await removeHook(hook.id);
  });

  it('should refuse at connection a name that now resolves to a loopback address (DNS rebinding)', async () => {
    // As if https://localhost… had passed the check when it was saved and its name later pointed here.
    const hook = await addHook({ events: ['campaign.created'] });
    const port = new URL(receiver.url).port;
    await t.services.db('webhook_endpoints').where({ id: hook.id }).update({ url: `https://localhost:${port}/rebound` });
    const from = receiver.received.length;
    await campaign('Rebound');
    await until(async () => (await deliveries(hook.id))[0]?.attempts === 1, 10_000, 'the attempt');
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', status_code: null });
    expect((await deliveries(hook.id))[0]!.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which webhooks may not reach$/);
    expect(receiver.received.length).toBe(from);
    await removeHook(hook.id);
  });

  it('should page the delivery log newest first with a cursor', async () => {
    const hook = await addHook({ events: ['campaign.created'] });
    for (const n of [1, 2, 3]) await campaign(`Paged ${n}`);
    const first = await t.api('GET', `/api/webhooks/${hook.id}/deliveries?limit=2`, { token: admin.token });
    expect(first.body.map((d: any) => d.payload.data.object.title)).toEqual(['Paged 3', 'Paged 2']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await t.api('GET', `/api/webhooks/${hook.id}/deliveries?limit=2&cursor=${cursor}`, { token: admin.token });
    expect(second.body.map((d: any) => d.payload.data.object.title)).toEqual(['Paged 1']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await t.api('GET', `/api/webhooks/${hook.id}/deliveries?limit=0`, { token: admin.token })).body.error.details[0].path).toBe('limit');
    await removeHook(hook.id);
  });
});

describe('a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-hooks-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const boot = () =>
    startServer(createServices({ config: testConfig({ DATA_DIR: dataDir, ...ALLOWED }), dataDir }), { port: 0, host: '127.0.0.1', appDir: '/nonexistent', widgetsDir: '/nonexistent' });

  it('should leave pending deliveries in the table for the next server on the same database', { timeout: 120_000 }, async () => {
    const first = await boot();
    let id: string;
    try {
      await first.services.background.stop();
      const post = (p: string, body: unknown, token?: string) =>
        fetch(`${first.url}${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      await post('/api/auth/signup', { email: 'restart@hooks.test', password: 'secret1' });
      const { access_token } = (await (await post('/api/auth/signin', { email: 'restart@hooks.test', password: 'secret1' })).json()) as { access_token: string };
      expect((await post('/api/webhooks', { url: `${receiver.url}/restart`, events: ['campaign.created'] }, access_token)).status).toBe(201);
      const c = await post('/api/campaigns', { title: 'Survives', planning_start_date: '2026-03-01', live_date: '2026-03-30' }, access_token);
      id = ((await c.json()) as { id: string }).id;
      expect(Number((await first.services.db('webhook_deliveries').where({ status: 'pending' }).count('* as n').first())!.n)).toBe(1);
    } finally {
      await first.close();
    }
    const second = await boot();
    try {
      await until(() => receiver.received.some((r) => r.body.includes(id)), 30_000, 'the delivery after the restart');
    } finally {
      await second.close();
    }
  });
});
