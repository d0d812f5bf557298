import { addDays, todayYmd } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { sweepDrift } from './drift';

// The drift item (docs/adr/0063, addendum): watchers hear once per baseline that a campaign's
// go-live slipped past the latest saved baseline's by more than DRIFT_DIGEST_DAYS (3 here).

let t: TestServer;
let admin: { token: string; userId: string };
let viewer: { token: string; userId: string };
const today = todayYmd(new Date());
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await startTestServer({ DRIFT_DIGEST_DAYS: 3 });
  admin = await t.signUpAndIn('admin@drift.test');
  viewer = await t.signUpAndIn('viewer@drift.test');
  await t.grant(admin.token, viewer.userId, ['global_view']);
});
afterAll(async () => t?.close());

async function campaign(title: string, live: number): Promise<string> {
  const res = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title, planning_start_date: day(live - 10), live_date: day(live), channels: ['email'] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
const move = async (id: string, live: number) => {
  const res = await t.api('PATCH', `/api/campaigns/${id}`, { token: admin.token, body: { live_date: day(live) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const drifts = async (who: { token: string }) =>
  ((await t.api('GET', '/api/notifications', { token: who.token })).body as Array<{ kind: string; campaign_id: string; data: Record<string, unknown> }>).filter((n) => n.kind === 'campaign_drifted');

describe('the drift item', () => {
  it('should tell watchers once per baseline when a campaign slips past it by more than the threshold', async () => {
    const late = await campaign('Late launch', 20);
    const nudged = await campaign('Nudged', 30);
    const early = await campaign('Early', 40);
    // A moment later than the creates: an ISO moment is cut to the millisecond, the log keeps microseconds.
    await new Promise((r) => setTimeout(r, 20));
    const at = new Date().toISOString();
    const saved = await t.api('POST', '/api/baselines', { token: admin.token, body: { name: 'Agreed plan', at } });
    expect(saved.status).toBe(201);
    expect((await t.api('PUT', `/api/campaigns/${late}/watch`, { token: viewer.token, body: { watching: true } })).status).toBeLessThan(300);
    await move(late, 27); // +7 days: past 3
    await move(nudged, 33); // +3 days: not more than 3
    await move(early, 30); // earlier: never a drift

    expect(await sweepDrift(t.services, today)).toBe(2); // the viewer who watches it, and its creator
    const [item] = await drifts(viewer);
    expect(item).toMatchObject({ campaign_id: late, data: { campaign_title: 'Late launch', baseline_name: 'Agreed plan', slip_days: 7, was_live: day(20), live_date: day(27) } });
    expect((await drifts(admin)).map((n) => n.campaign_id)).toEqual([late]);

    // Told once: slipping further is not told again against the same baseline.
    await move(late, 35);
    expect(await sweepDrift(t.services, today)).toBe(0);
    expect(await drifts(viewer)).toHaveLength(1);

    // A newer baseline is the one measured against: the nudge slips past it, and is told.
    await new Promise((r) => setTimeout(r, 20));
    expect((await t.api('POST', '/api/baselines', { token: admin.token, body: { name: 'Re-agreed', at: new Date().toISOString() } })).status).toBe(201);
    await move(nudged, 40);
    expect(await sweepDrift(t.services, today)).toBe(1);
    expect((await drifts(admin)).map((n) => [n.campaign_id, n.data.baseline_name, n.data.slip_days])).toEqual([[nudged, 'Re-agreed', 7], [late, 'Agreed plan', 7]]);
    // Nobody who cannot read the campaign hears of it, and the default is the daily digest.
    const stored = await t.services.db('notifications').where({ kind: 'campaign_drifted' }).select('delivery');
    expect(stored.every((n) => n.delivery === 'digest')).toBe(true);
  });
});
