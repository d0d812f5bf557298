import { TEST_ZONES } from '@cadence/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';

// Campaign templates back-timed from go-live (docs/adr/0054): administrators keep them; whoever may
// create campaigns reads them and creates campaigns from them, every task placed on a working day.

let t: TestServer;
let admin: { token: string; userId: string };
/** Creates email's channel campaigns. */
let emailEditor: { token: string; userId: string };
/** Reads every campaign, creates none. */
let viewer: { token: string; userId: string };
/** Reads nothing. */
let stranger: { token: string; userId: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@templates.test');
  emailEditor = await t.signUpAndIn('editor@templates.test');
  viewer = await t.signUpAndIn('viewer@templates.test');
  stranger = await t.signUpAndIn('stranger@templates.test');
  await t.grant(admin.token, emailEditor.userId, ['channel_view', 'email'], ['channel_create', 'email']);
  await t.grant(admin.token, viewer.userId, ['global_view']);
});
afterAll(async () => t?.close());

/** A launch: planning starts 10 working days before go-live. */
const launchBody = () => ({
  name: `Launch ${++serial}`,
  description: 'Product launch',
  defaults: { channels: ['email'], scope: 'channel', primary_channel: 'email', priority: 'high', goals: 'Sign-ups' },
  planning_offset: 10,
  roles: ['Designer', 'Writer'],
  tasks: [
    { title: 'Kick-off', offset: 0, anchor: 'planning_start', role: 'Writer' },
    { title: 'Design assets', offset: -3, role: 'Designer', required: true },
    { title: 'Final check', offset: -1 },
    { title: 'Report', offset: 5, note: 'Numbers after a week' },
  ],
});

async function template(body: Record<string, unknown> = launchBody()): Promise<Record<string, any>> {
  const res = await t.api('POST', '/api/templates', { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const tasksOf = async (campaignId: string) =>
  ((await t.api('GET', `/api/campaigns/${campaignId}/tasks`, { token: admin.token })).body as Array<Record<string, any>>).map((x) => [x.title, x.due_date, x.assignee_id, x.required]);

describe('templates', () => {
  it('should be kept by administrators and read by whoever may create campaigns', async () => {
    const tpl = await template();
    expect(tpl).toMatchObject({ version: 1, planning_offset: 10, roles: ['Designer', 'Writer'], defaults: { priority: 'high' }, created_by: admin.userId });
    expect(tpl.tasks[2]).toEqual({ title: 'Final check', offset: -1, anchor: 'live', assignee_id: null, role: null, required: false, note: null });
    expect((await t.api('GET', '/api/templates', { token: emailEditor.token })).body.map((x: { id: string }) => x.id)).toContain(tpl.id);
    expect((await t.api('GET', `/api/templates/${tpl.id}`, { token: emailEditor.token })).status).toBe(200);
    expect((await t.api('GET', '/api/templates', { token: viewer.token })).body).toEqual([]);
    expect((await t.api('GET', `/api/templates/${tpl.id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('POST', '/api/templates', { token: emailEditor.token, body: launchBody() })).status).toBe(403);
    expect((await t.api('PATCH', `/api/templates/${tpl.id}`, { token: emailEditor.token, body: { name: 'Mine' } })).status).toBe(403);
    expect((await t.api('DELETE', `/api/templates/${tpl.id}`, { token: emailEditor.token })).status).toBe(403);
  });

  it('should refuse a task before the planning start, an unknown role and a taken name, naming the field and saving nothing', async () => {
    const before = (await t.api('GET', '/api/templates', { token: admin.token })).body.length;
    const early = await t.api('POST', '/api/templates', { token: admin.token, body: { ...launchBody(), tasks: [{ title: 'Too early', offset: -11 }] } });
    expect(early.status).toBe(400);
    expect(early.body.error.details).toEqual([{ path: 'tasks.0.offset', message: 'Lands 1 working day before the planning start (10 before go-live)' }]);
    const unknown = await t.api('POST', '/api/templates', { token: admin.token, body: { ...launchBody(), tasks: [{ title: 'x', offset: 0, role: 'Editor' }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0]).toMatchObject({ path: 'tasks.0.role' });
    const tpl = await template();
    const taken = await t.api('POST', '/api/templates', { token: admin.token, body: { ...launchBody(), name: tpl.name.toUpperCase() } });
    expect(taken.status).toBe(400);
    expect(taken.body.error.details[0]).toMatchObject({ path: 'name' });
    const nobody = await t.api('POST', '/api/templates', { token: admin.token, body: { ...launchBody(), tasks: [{ title: 'x', offset: 0, assignee_id: '00000000-0000-4000-8000-000000000000' }] } });
    expect(nobody.body.error.details[0]).toMatchObject({ path: 'tasks.0.assignee_id', message: 'No such user' });
    // An edit that would leave a task before the planning start is refused as a whole.
    const shrink = await t.api('PATCH', `/api/templates/${tpl.id}`, { token: admin.token, body: { planning_offset: 2 } });
    expect(shrink.status).toBe(400);
    expect(shrink.body.error.details[0]).toMatchObject({ path: 'tasks.1.offset' });
    expect((await t.api('GET', '/api/templates', { token: admin.token })).body.length).toBe(before + 1);
  });

  it('should keep history and revert an edit', async () => {
    const tpl = await template();
    const edited = await t.api('PATCH', `/api/templates/${tpl.id}`, { token: admin.token, body: { tasks: [{ title: 'Only one', offset: -2 }] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.tasks).toHaveLength(1);
    const history = (await t.api('GET', `/api/templates/${tpl.id}/history`, { token: admin.token })).body.entries;
    expect(history.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    const undone = await t.api('POST', `/api/history/${history[0].id}/revert`, { token: admin.token });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await t.api('GET', `/api/templates/${tpl.id}`, { token: admin.token })).body.tasks.map((x: { title: string }) => x.title)).toEqual(['Kick-off', 'Design assets', 'Final check', 'Report']);
  });

  it('should reach those who read templates over realtime, and nobody else', async () => {
    const reader = await subscribedSocket(t.url, emailEditor.token, 'templates');
    const outsider = await subscribedSocket(t.url, viewer.token, 'templates');
    try {
      const tpl = await template();
      await reader.waitFor((m) => m.type === 'change' && m.row?.id === tpl.id);
      await t.api('DELETE', `/api/templates/${tpl.id}`, { token: admin.token });
      await reader.waitFor((m) => m.type === 'change' && m.op === 'delete' && m.id === tpl.id);
      expect(outsider.changes()).toEqual([]);
    } finally {
      reader.ws.close();
      outsider.ws.close();
    }
  });
});

describe('new campaigns from a template', () => {
  it('should create the campaign with the defaults and every task on its working day, roles filled, in one request', async () => {
    const tpl = await template();
    const res = await t.api('POST', `/api/templates/${tpl.id}/apply`, {
      token: emailEditor.token,
      body: { campaigns: [{ title: 'Spring launch', live_date: '2027-01-05', owner_id: emailEditor.userId, roles: { Designer: emailEditor.userId, Writer: admin.userId } }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.tasks).toBe(4);
    const [c] = res.body.campaigns;
    // 10 working days before Tuesday 5 January 2027: Tuesday 22 December 2026.
    expect(c).toMatchObject({ owner_id: emailEditor.userId, owner: 'editor@templates.test' });
    expect(c).toMatchObject({ title: 'Spring launch', live_date: '2027-01-05', planning_start_date: '2026-12-22', scope: 'channel', primary_channel: 'email', priority: 'high', goals: 'Sign-ups', created_by: emailEditor.userId });
    expect(c.task_summary).toMatchObject({ total: 4, done: 0, open_required: 1 });
    expect(await tasksOf(c.id)).toEqual([
      ['Kick-off', '2026-12-22', admin.userId, false],
      // Three working days back from Tuesday: Thursday 31 December (the weekend skipped).
      ['Design assets', '2026-12-31', emailEditor.userId, true],
      ['Final check', '2027-01-04', null, false],
      ['Report', '2027-01-12', null, false],
    ]);
    const entries = (await t.api('GET', `/api/campaigns/${c.id}/history`, { token: admin.token })).body.entries;
    expect(entries.map((e: { action: string; actor: { email: string } }) => [e.action, e.actor.email])).toEqual([['create', 'editor@templates.test']]);
  });

  it('should refuse a role left empty, an unknown role, or a person who may not see the campaign, naming the row and field, creating nothing', async () => {
    const tpl = await template();
    const count = async () => (await t.api('GET', '/api/campaigns', { token: admin.token })).body.length;
    const before = await count();
    const good = { title: 'Fine', live_date: '2027-03-01', roles: { Designer: emailEditor.userId, Writer: admin.userId } };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, roles: { Designer: emailEditor.userId } }, 'campaigns.1.roles.Writer'],
      [{ ...good, roles: { ...good.roles, Editor: admin.userId } }, 'campaigns.1.roles.Editor'],
      [{ ...good, roles: { ...good.roles, Writer: stranger.userId } }, 'campaigns.1.roles.Writer'],
      [{ ...good, live_date: '2027-02-30' }, 'campaigns.1.live_date'],
    ];
    for (const [bad, path] of cases) {
      const res = await t.api('POST', `/api/templates/${tpl.id}/apply`, { token: admin.token, body: { campaigns: [good, bad] } });
      expect(res.status, path).toBe(400);
      expect(res.body.error.details[0].path).toBe(path);
    }
    expect(await count()).toBe(before);
    expect((await t.api('POST', `/api/templates/${tpl.id}/apply`, { token: viewer.token, body: { campaigns: [good] } })).status).toBe(404);
  });

  it('should save a campaign as a template whose offsets place its tasks where they were, assignees turned into roles', async () => {
    const tpl = await template();
    const made = await t.api('POST', `/api/templates/${tpl.id}/apply`, {
      token: admin.token,
      body: { campaigns: [{ title: 'Source', live_date: '2027-01-05', roles: { Designer: emailEditor.userId, Writer: admin.userId } }] },
    });
    const source = made.body.campaigns[0];
    const saved = await t.api('POST', '/api/templates/from-campaign', { token: admin.token, body: { campaign_id: source.id, name: `Saved ${++serial}`, roles: { [emailEditor.userId]: 'Designer' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ planning_offset: 10, roles: ['Designer'], defaults: { primary_channel: 'email', goals: 'Sign-ups' } });
    expect(saved.body.tasks.map((x: Record<string, unknown>) => [x.title, x.offset, x.role, x.assignee_id])).toEqual([
      ['Kick-off', -10, null, admin.userId],
      ['Design assets', -3, 'Designer', null],
      ['Final check', -1, null, null],
      ['Report', 5, null, null],
    ]);
    const notAdmin = await t.api('POST', '/api/templates/from-campaign', { token: emailEditor.token, body: { campaign_id: source.id, name: 'Nope' } });
    expect(notAdmin.status).toBe(403);
    const badRole = await t.api('POST', '/api/templates/from-campaign', { token: admin.token, body: { campaign_id: source.id, name: 'Nope', roles: { [viewer.userId]: 'X' } } });
    expect(badRole.body.error.details[0].path).toBe(`roles.${viewer.userId}`);
  });
});

describe.each(TEST_ZONES)('placement in %s', (zone) => {
  it('should place the same days whatever the server’s time zone', async () => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      const tpl = await template({ name: `Zone ${++serial}`, planning_offset: 2, tasks: [{ title: 'Before', offset: -1 }, { title: 'After', offset: 1 }] });
      const res = await t.api('POST', `/api/templates/${tpl.id}/apply`, { token: admin.token, body: { campaigns: [{ title: 'Zoned', live_date: '2026-03-30' }] } });
      expect(res.body.campaigns[0].planning_start_date).toBe('2026-03-26');
      expect((await tasksOf(res.body.campaigns[0].id)).map((x) => x[1])).toEqual(['2026-03-27', '2026-03-31']);
    } finally {
      process.env.TZ = saved;
    }
  });
});
