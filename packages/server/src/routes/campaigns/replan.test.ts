import { TEST_ZONES } from '@cadence/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

// Re-planning (docs/adr/0053-replanning-on-go-live.md): one PATCH of live_date moves every open task
// by the same working days, holidays skipped; task_due_dates (an Undo) puts each back exactly.

let t: TestServer;
let admin: { token: string; userId: string };
let viewer: { token: string; userId: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@replan.test');
  viewer = await t.signUpAndIn('viewer@replan.test');
  await t.grant(admin.token, viewer.userId, ['global_view']);
  // Friday 25 Dec 2026 is closed; Monday 21 Dec is a Monday.
  await t.api('POST', '/api/working-calendar/closed-days', { token: admin.token, body: { day: '2026-12-25', label: 'Christmas Day' } });
});
afterAll(async () => t?.close());

async function campaignWithTasks(live: string, tasks: Array<{ due_date: string | null; status?: string }>) {
  const c = (await t.api('POST', '/api/campaigns', { token: admin.token, body: { title: `Replan ${++serial}`, planning_start_date: '2026-11-01', live_date: live, channels: ['email'] } })).body;
  const ids: string[] = [];
  for (const [i, task] of tasks.entries()) {
    const res = await t.api('POST', `/api/campaigns/${c.id}/tasks`, { token: admin.token, body: { title: `Task ${i}`, ...task } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  return { c, ids };
}
const dueDates = async (campaignId: string) =>
  ((await t.api('GET', `/api/campaigns/${campaignId}/tasks`, { token: admin.token })).body as Array<{ title: string; due_date: string | null }>).map((x) => x.due_date);

describe.each(TEST_ZONES)('re-planning when go-live moves (server in %s)', (zone) => {
  const previous = process.env.TZ;
  beforeAll(() => void (process.env.TZ = zone));
  afterAll(() => void (process.env.TZ = previous));

  it('should move every open task by the same working days in one request, skipping the holiday, and leave done tasks', async () => {
    const { c, ids } = await campaignWithTasks('2026-12-22', [
      { due_date: '2026-12-21' },
      { due_date: '2026-12-22', status: 'in_progress' },
      { due_date: '2026-12-18', status: 'done' },
      { due_date: null },
    ]);
    // +3 working days: 23, 24, (25 closed, 26–27 weekend) 28.
    const res = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2026-12-28' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.live_date).toBe('2026-12-28');
    expect(await dueDates(c.id)).toEqual(['2026-12-24', '2026-12-28', '2026-12-18', null]);
    const replan = JSON.parse(res.headers.get('x-replan')!);
    expect(replan).toEqual({
      working_days: 3,
      moved: [
        [ids[0], '2026-12-21', '2026-12-24'],
        [ids[1], '2026-12-22', '2026-12-28'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
      flagged: [],
    });
    // The history shows each task's move with its actor.
    const history = (await t.api('GET', `/api/tasks/${ids[0]}/history`, { token: admin.token })).body;
    const entries = (history.entries ?? history) as Array<{ action: string; actor_id?: string; actor?: { id: string }; changes: unknown }>;
    const update = entries.find((e) => e.action === 'update')!;
    expect(JSON.stringify(update)).toContain('2026-12-21');
    expect(JSON.stringify(update)).toContain('2026-12-24');
    expect(JSON.stringify(update)).toContain(admin.userId);
  });

  it('should put every task back exactly with task_due_dates, as Undo sends', async () => {
    // A task on a Saturday would not come back by counting working days: the Undo names its date.
    const { c, ids } = await campaignWithTasks('2026-12-22', [{ due_date: '2026-12-19' }, { due_date: '2026-12-21' }]);
    const moved = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2026-12-29' } });
    const back = Object.fromEntries((JSON.parse(moved.headers.get('x-replan')!).moved as string[][]).map(([id, from]) => [id, from]));
    expect(Object.keys(back).sort()).toEqual([...ids].sort());
    const undo = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2026-12-22', task_due_dates: back } });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(await dueDates(c.id)).toEqual(['2026-12-19', '2026-12-21']);
  });

  it('should flag a task that lands after go-live or in the past, and still place it', async () => {
    const { c, ids } = await campaignWithTasks('2026-12-22', [{ due_date: '2026-12-30' }]);
    const res = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2026-12-23' } });
    expect(JSON.parse(res.headers.get('x-replan')!).flagged).toEqual([[ids[0], 'after_live']]);
    expect(await dueDates(c.id)).toEqual(['2026-12-31']);
    const early = await campaignWithTasks('2026-12-22', [{ due_date: '2026-12-21' }]);
    const past = await t.api('PATCH', `/api/campaigns/${early.c.id}`, { token: admin.token, body: { live_date: '2020-01-02' } });
    expect(JSON.parse(past.headers.get('x-replan')!).flagged).toEqual([[early.ids[0], 'past']]);
    expect(await dueDates(early.c.id)).toEqual(['2020-01-01']);
  });
});

describe('re-planning refuses bad input', () => {
  it('should answer 400 naming the field and save nothing', async () => {
    const { c } = await campaignWithTasks('2026-12-22', [{ due_date: '2026-12-21' }]);
    const other = await campaignWithTasks('2026-12-22', [{ due_date: '2026-12-21' }]);
    const notMine = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2026-12-29', task_due_dates: { [other.ids[0]!]: '2026-12-01' } } });
    expect(notMine.status).toBe(400);
    expect(JSON.stringify(notMine.body)).toContain(`task_due_dates.${other.ids[0]}`);
    const badDate = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { task_due_dates: { [other.ids[0]!]: '2026-02-30' } } });
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain('task_due_dates');
    expect((await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { task_due_dates: { 'not-an-id': '2026-12-01' } } })).status).toBe(400);
    expect((await t.api('GET', `/api/campaigns/${c.id}`, { token: admin.token })).body.live_date).toBe('2026-12-22');
    expect(await dueDates(c.id)).toEqual(['2026-12-21']);
    expect(await dueDates(other.c.id)).toEqual(['2026-12-21']);
  });

  it('should not let a reader move go-live or its tasks', async () => {
    const { c } = await campaignWithTasks('2026-12-22', [{ due_date: '2026-12-21' }]);
    expect((await t.api('PATCH', `/api/campaigns/${c.id}`, { token: viewer.token, body: { live_date: '2026-12-29' } })).status).toBe(403);
    expect(await dueDates(c.id)).toEqual(['2026-12-21']);
  });

  it('should re-plan fifty tasks in one request', async () => {
    const tasks = Array.from({ length: 50 }, (_, i) => ({ due_date: `2026-12-${String(1 + (i % 20)).padStart(2, '0')}` }));
    const { c } = await campaignWithTasks('2026-12-22', tasks);
    const before = await dueDates(c.id);
    const res = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { live_date: '2026-12-28' } });
    expect(res.status).toBe(200);
    const after = await dueDates(c.id);
    expect(after.filter((d, i) => d !== before[i])).toHaveLength(50);
  });
});
