import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../notifications/notify';
import { startTestServer, type TestServer } from '../test/harness';
import { KEPT_DELIVERIES_PER_ENDPOINT, retentionTask, type RetentionDays } from './retention';

// Retention of webhook deliveries and read inbox items (docs/adr/0058, 0060): real rows in the
// real tables, and the daily task run with its clock moved on.

const DAY = 86_400_000;
let t: TestServer;
let admin: { token: string; userId: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_ALLOWED_HOSTS: ['127.0.0.1'] });
  admin = await t.signUpAndIn('admin@retention.test');
  // The rows below are written by hand: no delivery or mail task may change them meanwhile.
  await t.services.background.stop();
});
afterAll(async () => t?.close());

/** Runs the task as the server would, ticking until it finds nothing, with the clock `days` on from now. */
async function runRetention(days: RetentionDays, daysOn: number): Promise<number> {
  const task = retentionTask(t.services, days, () => new Date(Date.now() + daysOn * DAY));
  let total = 0;
  for (let n = await task.tick(); n > 0; n = await task.tick()) total += n;
  return total;
}
const DEFAULT_DAYS: RetentionDays = { webhookDeliveries: 30, notifications: 90 };

describe('webhook deliveries', () => {
  const endpoint = async () => {
    const res = await t.api('POST', '/api/webhooks', { token: admin.token, body: { url: `http://127.0.0.1:9/hook-${++serial}`, events: ['*'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const delivery = (webhook_id: string, status: string, created_at: string) => ({
    webhook_id, event_id: crypto.randomUUID(), event_type: 'campaign.updated', payload: JSON.stringify({}), status, created_at,
    attempts: status === 'pending' ? 0 : 1, next_attempt_at: status === 'pending' ? created_at : null,
  });
  const log = async (id: string) => (await t.api('GET', `/api/webhooks/${id}/deliveries?limit=200`, { token: admin.token })).body as Array<{ id: string; status: string }>;

  it('should delete finished deliveries older than the retention, keeping each endpoint’s newest 50 and every pending one', async () => {
    const busy = await endpoint();
    const quiet = await endpoint();
    // Oldest first: 3 still pending, 40 finished now (old once the clock moves 31 days on), 20 finished 20 days from now.
    const pending = Array.from({ length: 3 }, (_, i) => delivery(busy, 'pending', at(-3 * 3600_000 - i)));
    const old = Array.from({ length: 40 }, (_, i) => delivery(busy, i % 4 === 0 ? 'failed' : 'delivered', at(-(i + 1) * 60_000)));
    const recent = Array.from({ length: 20 }, (_, i) => delivery(busy, 'delivered', at(20 * DAY + i * 60_000)));
    await t.services.db('webhook_deliveries').insert([...pending, ...old, ...recent, ...Array.from({ length: 5 }, (_, i) => delivery(quiet, 'delivered', at(-i * 60_000)))]);
    const before = await log(busy);
    expect(before).toHaveLength(63);

    // 29 days on, nothing is old enough.
    expect(await runRetention(DEFAULT_DAYS, 29)).toBe(0);
    // 31 days on: the 40 are old, but the newest 50 (20 recent and 30 of the old) stay; the oldest 10 finished ones go.
    expect(await runRetention(DEFAULT_DAYS, 31)).toBe(10);
    const after = await log(busy);
    expect(after.map((d) => d.id)).toEqual(before.slice(0, KEPT_DELIVERIES_PER_ENDPOINT).map((d) => d.id).concat(before.slice(-3).map((d) => d.id)));
    expect(after.slice(-3).map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    // An endpoint with fewer than 50 keeps them all; the endpoint's last delivery is still shown.
    expect(await log(quiet)).toHaveLength(5);
    const listed = (await t.api('GET', '/api/webhooks', { token: admin.token })).body as Array<{ id: string; last_delivery: unknown }>;
    expect(listed.find((h) => h.id === busy)!.last_delivery).toMatchObject({ status: 'delivered' });
    // 0 keeps them forever, however far the clock goes.
    expect(await runRetention({ webhookDeliveries: 0, notifications: 0 }, 3650)).toBe(0);
    expect(await log(busy)).toHaveLength(53);
  });
});

describe('inbox items', () => {
  it('should delete items read longer ago than the retention, never unread ones, and old digest claims', async () => {
    const reader = await t.signUpAndIn(`reader-${++serial}@retention.test`);
    await t.grant(admin.token, reader.userId, ['global_view']);
    const c = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title: 'Kept', planning_start_date: '2027-03-01', live_date: '2027-03-20', channels: ['email'], owner_id: reader.userId } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const written = await notify(
      t.services.db,
      Array.from({ length: 5 }, (_, i) => ({ user_id: reader.userId, kind: 'campaign_changed' as const, campaign_id: c.body.id, actor_id: admin.userId, data: { campaign_title: `Item ${i}` } })),
    );
    expect(written).toBe(5);
    const inbox = async () => (await t.api('GET', '/api/notifications', { token: reader.token })).body as Array<{ id: string; read_at: string | null }>;
    const items = await inbox();
    for (const item of items.slice(0, 3)) expect((await t.api('POST', `/api/notifications/${item.id}/read`, { token: reader.token })).status).toBe(200);
    await t.services.db('notification_digests').insert({ user_id: reader.userId, day: new Date().toISOString().slice(0, 10), items: 2 });

    // (Deliveries kept forever here: the campaign's own event has just joined the endpoints' logs above.)
    const inboxOnly: RetentionDays = { webhookDeliveries: 0, notifications: 90 };
    expect(await runRetention(inboxOnly, 89)).toBe(0);
    // 91 days on: the 3 read items and the digest claim go; the 2 unread stay, however old.
    expect(await runRetention(inboxOnly, 91)).toBe(3 + 1);
    expect((await inbox()).map((n) => n.id)).toEqual(items.slice(3).map((n) => n.id));
    expect((await t.api('GET', '/api/notifications/unread-count', { token: reader.token })).body.count).toBe(2);
    expect(await t.services.db('notification_digests').where({ user_id: reader.userId })).toEqual([]);
  });
});
