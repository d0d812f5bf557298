import { summariseTasks } from '@cadence/core';
import { TEST_ZONES } from '@cadence/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';

// A campaign's tasks (docs/adr/0049-campaign-tasks.md): the routes, their validation and rights, the
// campaign's task summary, My work, history and revert, and the realtime feed.

let t: TestServer;
let admin: { token: string; userId: string };
/** Reads every campaign (global_view and every channel's view) and writes none. */
let viewer: { token: string; userId: string };
/** Reads and writes email's channel campaigns only. */
let emailEditor: { token: string; userId: string };
/** Reads nothing. */
let stranger: { token: string; userId: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@tasks.test');
  viewer = await t.signUpAndIn('viewer@tasks.test');
  emailEditor = await t.signUpAndIn('editor@tasks.test');
  stranger = await t.signUpAndIn('stranger@tasks.test');
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

async function task(campaignId: string, body: Record<string, unknown> = {}, token = admin.token): Promise<Record<string, any>> {
  const res = await t.api('POST', `/api/campaigns/${campaignId}/tasks`, { token, body: { title: `Task ${++serial}`, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const titles = async (campaignId: string, token = admin.token) =>
  ((await t.api('GET', `/api/campaigns/${campaignId}/tasks`, { token })).body as Array<{ title: string }>).map((x) => x.title);
const summaryOf = async (campaignId: string) => (await t.api('GET', `/api/campaigns/${campaignId}`, { token: admin.token })).body;

describe('a campaign’s tasks', () => {
  it('should add tasks at the end with their defaults, trimmed, each naming its campaign and assignee', async () => {
    const c = await campaign();
    const first = await task(c.id, { title: '  Brief the agency  ' });
    expect(first).toMatchObject({
      campaign_id: c.id, title: 'Brief the agency', assignee_id: null, assignee_email: null, due_date: null, status: 'todo',
      required: false, note: null, version: 1, created_by: admin.userId, completed_at: null,
      campaign: { id: c.id, title: c.title, status: 'planning', scope: 'global', primary_channel: null, channels: ['email'], live_date: '2026-03-20', created_by: admin.userId },
    });
    const second = await task(c.id, { title: 'Write copy', assignee_id: viewer.userId, due_date: '2026-03-10', required: true, note: 'Two variants' });
    expect(second).toMatchObject({ assignee_id: viewer.userId, assignee_email: 'viewer@tasks.test', due_date: '2026-03-10', required: true, note: 'Two variants' });
    expect(second.rank > first.rank).toBe(true);
    expect(await titles(c.id)).toEqual(['Brief the agency', 'Write copy']);
    expect((await t.api('GET', `/api/tasks/${second.id}`, { token: admin.token })).headers.get('etag')).toBe('"1"');
  });

  it('should place a new task after or before another, and move one by writing only that task', async () => {
    const c = await campaign();
    const a = await task(c.id, { title: 'A' });
    const b = await task(c.id, { title: 'B' });
    await task(c.id, { title: 'A½', after: a.id });
    await task(c.id, { title: 'First', before: a.id });
    expect(await titles(c.id)).toEqual(['First', 'A', 'A½', 'B']);
    const moved = await t.api('PATCH', `/api/tasks/${b.id}`, { token: admin.token, body: { before: a.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.version).toBe(2);
    expect(await titles(c.id)).toEqual(['First', 'B', 'A', 'A½']);
    // The others kept their versions: one row was written.
    const rows = (await t.api('GET', `/api/campaigns/${c.id}/tasks`, { token: admin.token })).body as Array<{ title: string; version: number }>;
    expect(rows.filter((r) => r.title !== 'B').map((r) => r.version)).toEqual([1, 1, 1]);
    const half = rows.find((r) => r.title === 'A½') as unknown as { id: string };
    const toEnd = await t.api('PATCH', `/api/tasks/${a.id}`, { token: admin.token, body: { after: half.id } });
    expect(toEnd.status).toBe(200);
    expect(await titles(c.id)).toEqual(['First', 'B', 'A½', 'A']);
  });

  it('should refuse bad input with a 400 naming the field, and save nothing', async () => {
    const c = await campaign();
    const other = await campaign({ scope: 'channel', primary_channel: 'pr' });
    const existing = await task(c.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x', due_date: '2026-02-30' }, 'due_date'],
      [{ title: 'x', due_date: 'tomorrow' }, 'due_date'],
      [{ title: 'x', due_date: '2026-03-01T00:00:00Z' }, 'due_date'],
      [{ title: 'x', status: 'blocked' }, 'status'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'x', note: 'n'.repeat(5001) }, 'note'],
      [{ title: 'x', required: 'yes' }, 'required'],
      [{ title: 'x', assignee_id: '00000000-0000-4000-8000-000000000000' }, 'assignee_id'],
      // A user who may not read the campaign cannot be given its tasks.
      [{ title: 'x', assignee_id: stranger.userId }, 'assignee_id'],
      [{ title: 'x', after: existing.id, before: existing.id }, 'before'],
      [{ title: 'x', after: '00000000-0000-4000-8000-000000000000' }, 'after'],
      [{ title: 'x', campaign_id: other.id }, 'campaign_id'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', `/api/campaigns/${c.id}/tasks`, { token: admin.token, body });
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.error?.details?.map((d: { path: string }) => d.path)]).toEqual([JSON.stringify(body).slice(0, 60), 400, [field]]);
    }
    const patched = await t.api('PATCH', `/api/tasks/${existing.id}`, { token: admin.token, body: { due_date: '2026-02-30' } });
    expect([patched.status, patched.body.error.details[0].path]).toEqual([400, 'due_date']);
    const assigned = await t.api('PATCH', `/api/tasks/${existing.id}`, { token: admin.token, body: { assignee_id: stranger.userId } });
    expect([assigned.status, assigned.body.error.details[0].path]).toEqual([400, 'assignee_id']);
    const elsewhere = await task(other.id);
    const across = await t.api('PATCH', `/api/tasks/${existing.id}`, { token: admin.token, body: { after: elsewhere.id } });
    expect([across.status, across.body.error.details[0].path]).toEqual([400, 'after']);
    expect(await titles(c.id)).toEqual([existing.title]);
    expect((await t.api('GET', `/api/tasks/${existing.id}`, { token: admin.token })).body.version).toBe(1);
    expect((await t.api('POST', '/api/campaigns/00000000-0000-4000-8000-000000000000/tasks', { token: admin.token, body: { title: 'x' } })).status).toBe(404);
    expect((await t.api('GET', '/api/campaigns/00000000-0000-4000-8000-000000000000/tasks', { token: admin.token })).status).toBe(404);
  });

  it('should answer a stale If-Match with 412 and the current task, as campaigns do', async () => {
    const c = await campaign();
    const x = await task(c.id);
    expect((await t.api('PATCH', `/api/tasks/${x.id}`, { token: admin.token, body: { title: 'Renamed' }, headers: { 'If-Match': '"1"' } })).status).toBe(200);
    const stale = await t.api('PATCH', `/api/tasks/${x.id}`, { token: admin.token, body: { title: 'Lost' }, headers: { 'If-Match': '"1"' } });
    expect(stale.status).toBe(412);
    expect(stale.body.error).toMatchObject({ code: 'conflict', current: { id: x.id, title: 'Renamed', version: 2 } });
    expect((await t.api('DELETE', `/api/tasks/${x.id}`, { token: admin.token, headers: { 'If-Match': '1' } })).status).toBe(412);
    expect((await t.api('DELETE', `/api/tasks/${x.id}`, { token: admin.token, headers: { 'If-Match': '2' } })).status).toBe(204);
  });

  it('should let campaign readers read, campaign editors write, and the assignee change the status alone', async () => {
    const c = await emailCampaign();
    const mine = await task(c.id, { assignee_id: viewer.userId });
    const theirs = await task(c.id);
    expect(await titles(c.id, viewer.token)).toEqual([mine.title, theirs.title]);
    expect((await t.api('GET', `/api/campaigns/${c.id}/tasks`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `/api/tasks/${mine.id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('PATCH', `/api/tasks/${mine.id}`, { token: stranger.token, body: { status: 'done' } })).status).toBe(404);
    expect((await t.api('POST', `/api/campaigns/${c.id}/tasks`, { token: viewer.token, body: { title: 'Mine now' } })).status).toBe(403);
    expect((await t.api('DELETE', `/api/tasks/${mine.id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.api('PATCH', `/api/tasks/${theirs.id}`, { token: viewer.token, body: { status: 'done' } })).status).toBe(403);
    expect((await t.api('PATCH', `/api/tasks/${mine.id}`, { token: viewer.token, body: { status: 'done', title: 'Sneaky' } })).status).toBe(403);
    expect((await t.api('PATCH', `/api/tasks/${mine.id}`, { token: viewer.token, body: { after: theirs.id } })).status).toBe(403);
    const done = await t.api('PATCH', `/api/tasks/${mine.id}`, { token: viewer.token, body: { status: 'done' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'done', version: 2 });
    expect(Date.parse(done.body.completed_at)).toBeGreaterThan(Date.now() - 60_000);
    const reopened = await t.api('PATCH', `/api/tasks/${mine.id}`, { token: viewer.token, body: { status: 'in_progress' } });
    expect(reopened.body).toMatchObject({ status: 'in_progress', completed_at: null });
    // The channel's editor writes everything; the campaign's creator field does not matter.
    const edited = await t.api('PATCH', `/api/tasks/${theirs.id}`, { token: emailEditor.token, body: { title: 'Edited', required: true, before: mine.id } });
    expect(edited.status).toBe(200);
    expect(await titles(c.id, emailEditor.token)).toEqual(['Edited', mine.title]);
    const other = await campaign({ scope: 'channel', primary_channel: 'seo' });
    expect((await t.api('POST', `/api/campaigns/${other.id}/tasks`, { token: emailEditor.token, body: { title: 'x' } })).status).toBe(404);
    expect((await t.api('POST', `/api/campaigns/${other.id}/tasks`, { token: viewer.token, body: { title: 'x' } })).status).toBe(403);
  });

  it('should list who may be assigned: the users who may read the campaign, for those who may add its tasks', async () => {
    const c = await emailCampaign();
    const res = await t.api('GET', `/api/campaigns/${c.id}/assignees`, { token: emailEditor.token });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { email: string }) => u.email)).toEqual(['admin@tasks.test', 'editor@tasks.test', 'viewer@tasks.test']);
    expect((await t.api('GET', `/api/campaigns/${c.id}/assignees`, { token: viewer.token })).status).toBe(403);
    expect((await t.api('GET', `/api/campaigns/${c.id}/assignees`, { token: stranger.token })).status).toBe(404);
  });

  it('should delete a campaign’s tasks with it, even while they are being written (the campaign is locked first)', async () => {
    const c = await campaign();
    const x = await task(c.id);
    expect((await t.api('DELETE', `/api/campaigns/${c.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', `/api/tasks/${x.id}`, { token: admin.token })).status).toBe(404);
    const busy = await campaign();
    const rows = await Promise.all(Array.from({ length: 4 }, () => task(busy.id)));
    const answers = await Promise.all([
      ...rows.flatMap((r) => [
        t.api('PATCH', `/api/tasks/${r.id}`, { token: admin.token, body: { status: 'done' } }),
        t.api('PATCH', `/api/tasks/${r.id}`, { token: admin.token, body: { after: rows[0]!.id === r.id ? rows[1]!.id : rows[0]!.id } }),
      ]),
      t.api('POST', `/api/campaigns/${busy.id}/tasks`, { token: admin.token, body: { title: 'Late' } }),
      t.api('DELETE', `/api/campaigns/${busy.id}`, { token: admin.token }),
    ]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(Number((await t.services.db('tasks').where({ campaign_id: busy.id }).count({ n: '*' }))[0]!.n)).toBe(0);
  });
});

describe('the campaign’s task summary', () => {
  it('should follow every task write, as core summarises, without moving the campaign’s version', async () => {
    const c = await campaign();
    expect(c.task_summary).toEqual({ total: 0, done: 0, open_required: 0, next_due: null, assignees: [] });
    const a = await task(c.id, { required: true, due_date: '2026-03-12' });
    const b = await task(c.id, { due_date: '2026-03-05' });
    await task(c.id, { required: true, status: 'done', due_date: '2026-03-01' });
    let now = await summaryOf(c.id);
    expect(now.task_summary).toEqual({ total: 3, done: 1, open_required: 1, next_due: '2026-03-05', assignees: [] });
    const rows = (await t.api('GET', `/api/campaigns/${c.id}/tasks`, { token: admin.token })).body;
    expect(now.task_summary).toEqual(summariseTasks(rows));
    expect(now.version).toBe(1);
    await t.api('PATCH', `/api/tasks/${b.id}`, { token: admin.token, body: { status: 'done' } });
    await t.api('PATCH', `/api/tasks/${a.id}`, { token: admin.token, body: { required: false } });
    now = await summaryOf(c.id);
    expect(now.task_summary).toEqual({ total: 3, done: 2, open_required: 0, next_due: '2026-03-12', assignees: [] });
    await t.api('DELETE', `/api/tasks/${a.id}`, { token: admin.token });
    now = await summaryOf(c.id);
    expect(now.task_summary).toEqual({ total: 2, done: 2, open_required: 0, next_due: null, assignees: [] });
    // An edit of the campaign opened before all this still applies: its version never moved.
    expect(now.version).toBe(1);
    const edit = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { title: 'Still mine' }, headers: { 'If-Match': '"1"' } });
    expect(edit.status).toBe(200);
    expect(edit.body.task_summary).toEqual(now.task_summary);
    // The summary is the server's: a create or an update that sends one is refused.
    expect((await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { task_summary: { total: 9 } } })).status).toBe(400);
  });

  it('should reach campaign subscribers as a change of the campaign with the new summary and the same version', async () => {
    const c = await campaign();
    const socket = await subscribedSocket(t.url, viewer.token, 'campaigns');
    try {
      await task(c.id, { due_date: '2026-04-01' });
      const change = await socket.waitFor((m) => m.type === 'change' && m.row?.id === c.id && m.row.task_summary.total === 1);
      expect(change.row).toMatchObject({ version: 1, task_summary: { total: 1, done: 0, open_required: 0, next_due: '2026-04-01' } });
      // An update of a row created before, though its version is still 1.
      expect(change.op).toBe('update');
    } finally {
      socket.ws.close();
    }
  });
});

describe('the tasks topic', () => {
  it('should send each task change to those who may read its campaign, deletes included, and to nobody else', async () => {
    const c = await emailCampaign();
    const hidden = await campaign({ scope: 'channel', primary_channel: 'pr' });
    const reader = await subscribedSocket(t.url, emailEditor.token, 'tasks');
    try {
      const seen = await task(c.id, { title: 'Seen' });
      const unseen = await task(hidden.id, { title: 'Unseen' });
      await t.api('PATCH', `/api/tasks/${seen.id}`, { token: admin.token, body: { status: 'in_progress' } });
      // The feed sends rows as they are when it reads them (realtime/feed.ts): a delete that lands
      // before the update is read leaves only the delete, which is all a reader needs then.
      await reader.waitFor((m) => m.type === 'change' && m.op === 'update' && m.row?.id === seen.id);
      await t.api('DELETE', `/api/tasks/${seen.id}`, { token: admin.token });
      await reader.waitFor((m) => m.type === 'change' && m.op === 'delete' && m.id === seen.id);
      const changes = reader.changes();
      expect(changes.map((m) => [m.op, m.row?.title ?? m.id])).toEqual([['insert', 'Seen'], ['update', 'Seen'], ['delete', seen.id]]);
      expect(changes[1]!.row).toMatchObject({ status: 'in_progress', campaign: { id: c.id } });
      expect(changes.some((m) => m.row?.id === unseen.id || m.id === unseen.id)).toBe(false);
    } finally {
      reader.ws.close();
    }
  });
});

describe('My work', () => {
  it('should list the caller’s tasks across campaigns by due date, undated last, each with its campaign, only where they may read', async () => {
    const c1 = await campaign({ title: 'Spring launch' });
    const c2 = await emailCampaign();
    const c3 = await campaign({ scope: 'channel', primary_channel: 'pr' });
    const me = emailEditor.userId;
    const late = await task(c1.id, { title: 'Late', assignee_id: me, due_date: '2026-03-09' });
    const undated = await task(c2.id, { title: 'Undated', assignee_id: me });
    const soon = await task(c2.id, { title: 'Soon', assignee_id: me, due_date: '2026-03-02' });
    const finished = await task(c2.id, { title: 'Finished', assignee_id: me, due_date: '2026-03-01', status: 'done' });
    await task(c1.id, { title: 'Someone else’s', assignee_id: viewer.userId, due_date: '2026-03-01' });
    // Assigned while the campaign was readable to them, then moved where they cannot read it.
    const gone = await task(c3.id, { title: 'Gone' });
    await t.services.db('tasks').where({ id: gone.id }).update({ assignee_id: me });
    // The editor reads c1 (global, on email) and c2 (email's own), not c3 (pr's).
    const list = await t.api('GET', '/api/tasks?assignee=me&status=open', { token: emailEditor.token });
    expect(list.status).toBe(200);
    expect(list.body.map((x: { title: string }) => x.title)).toEqual(['Soon', 'Late', 'Undated']);
    expect(list.body[1]).toMatchObject({ id: late.id, campaign: { id: c1.id, title: 'Spring launch', live_date: '2026-03-20', channels: ['email'] } });
    const done = await t.api('GET', '/api/tasks?assignee=me&status=done', { token: emailEditor.token });
    expect(done.body.map((x: { id: string }) => x.id)).toEqual([finished.id]);
    const all = await t.api('GET', `/api/tasks?assignee=${me}&status=all&campaign=${c2.id}`, { token: admin.token });
    expect(all.body.map((x: { id: string }) => x.id)).toEqual([finished.id, soon.id, undated.id]);
    const overdue = await t.api('GET', '/api/tasks?assignee=me&status=open&due_before=2026-03-09', { token: emailEditor.token });
    expect(overdue.body.map((x: { id: string }) => x.id)).toEqual([soon.id]);
    // Text in the task's title or its campaign's, ignoring case; % and _ are plain characters.
    const search = async (q: string) => (await t.api('GET', `/api/tasks?assignee=me&q=${encodeURIComponent(q)}`, { token: emailEditor.token })).body.map((x: { title: string }) => x.title);
    expect(await search('SOON')).toEqual(['Soon']);
    expect(await search('spring l')).toEqual(['Late']);
    expect(await search('%')).toEqual([]);
    expect((await t.api('GET', '/api/tasks/counts?assignee=me&q=spring', { token: emailEditor.token })).body).toEqual({ count: 1, overdue: null });
    for (const bad of ['assignee=someone', 'status=later', 'due_before=2026-02-30', 'campaign=x', 'cursor=nope', 'limit=0', 'colour=red', `q=${'x'.repeat(201)}`]) {
      const res = await t.api('GET', `/api/tasks?${bad}`, { token: emailEditor.token });
      expect([bad, res.status, res.body.error?.details?.[0]?.path]).toEqual([bad, 400, bad.split('=')[0]]);
    }
    expect((await t.api('GET', '/api/tasks', { token: stranger.token })).body).toEqual([]);

    // The side bar's count: what the list answers, counted by the server; overdue on the reader's today.
    const counts = (q: string, token = emailEditor.token) => t.api('GET', `/api/tasks/counts?${q}`, { token });
    expect((await counts('assignee=me&status=open&today=2026-03-09')).body).toEqual({ count: 3, overdue: 1 });
    expect((await counts('assignee=me&status=open&today=2026-03-10')).body).toEqual({ count: 3, overdue: 2 });
    expect((await counts('assignee=me&status=all')).body).toEqual({ count: 4, overdue: null });
    expect((await counts('assignee=me&status=open&today=2026-03-10', stranger.token)).body).toEqual({ count: 0, overdue: 0 });

    // Whom the caller's readable tasks are assigned to: the editor sees themselves and the viewer on
    // c1's task, not who is assigned on campaigns they cannot read.
    const seen = await t.api('GET', '/api/tasks/assignees', { token: emailEditor.token });
    expect(seen.body).toEqual(expect.arrayContaining([{ id: me, email: 'editor@tasks.test' }, { id: viewer.userId, email: 'viewer@tasks.test' }]));
    const pr = await campaign({ scope: 'channel', primary_channel: 'pr' });
    const prEmail = `pr${++serial}@tasks.test`;
    const prOnly = await t.signUpAndIn(prEmail);
    await t.grant(admin.token, prOnly.userId, ['channel_view', 'pr']);
    await task(pr.id, { assignee_id: prOnly.userId });
    const seenAgain = (await t.api('GET', '/api/tasks/assignees', { token: emailEditor.token })).body.map((u: { email: string }) => u.email);
    expect(seenAgain).not.toContain(prEmail);
    expect((await t.api('GET', '/api/tasks/assignees', { token: admin.token })).body.map((u: { email: string }) => u.email)).toContain(prEmail);
    expect((await t.api('GET', '/api/tasks/assignees', { token: stranger.token })).body).toEqual([]);
    for (const bad of ['today=2026-02-30', 'limit=5', 'status=later']) {
      const res = await counts(bad);
      expect([bad, res.status, res.body.error?.details?.[0]?.path]).toEqual([bad, 400, bad.split('=')[0]]);
    }
  });

  it('should page with a cursor, each task once, and say when the last page is reached', async () => {
    const c = await campaign();
    const user = await t.signUpAndIn(`pager${++serial}@tasks.test`);
    await t.grant(admin.token, user.userId, ['global_view']);
    const made: string[] = [];
    for (const due of ['2026-03-03', null, '2026-03-01', '2026-03-03', null, '2026-03-02', '2026-03-01']) made.push((await task(c.id, { assignee_id: user.userId, due_date: due })).id);
    const everything = (await t.api('GET', '/api/tasks?assignee=me', { token: user.token })).body.map((x: { id: string }) => x.id);
    expect(everything).toHaveLength(7);
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const res: { body: Array<{ id: string }>; headers: Headers } = await t.api('GET', `/api/tasks?assignee=me&limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: user.token });
      walked.push(...res.body.map((x: { id: string }) => x.id));
      cursor = res.headers.get('x-next-cursor');
      if (!cursor) break;
    }
    expect(walked).toEqual(everything);
  });
});

describe('history and revert', () => {
  it('should log each task write with its actor, and revert an update, a delete and a create', async () => {
    const c = await emailCampaign();
    const x = await task(c.id, { title: 'Original' }, emailEditor.token);
    await t.api('PATCH', `/api/tasks/${x.id}`, { token: emailEditor.token, body: { title: 'Changed' } });
    const entries = (await t.api('GET', `/api/tasks/${x.id}/history`, { token: admin.token })).body.entries;
    expect(entries.map((e: any) => [e.action, e.actor?.email, e.changes])).toEqual([
      ['update', 'editor@tasks.test', { title: { before: 'Original', after: 'Changed' } }],
      ['create', 'editor@tasks.test', null],
    ]);
    const reverted = await t.api('POST', `/api/history/${entries[0].id}/revert`, { token: emailEditor.token });
    expect(reverted.status).toBe(200);
    expect(reverted.body.row).toMatchObject({ title: 'Original', version: 3 });
    // Readers of the campaign read the task's history; others do not.
    expect((await t.api('GET', `/api/tasks/${x.id}/history`, { token: viewer.token })).body.entries).toHaveLength(3);
    expect((await t.api('GET', `/api/tasks/${x.id}/history`, { token: stranger.token })).status).toBe(404);

    expect((await t.api('DELETE', `/api/tasks/${x.id}`, { token: emailEditor.token })).status).toBe(204);
    const deleted = (await t.api('GET', `/api/history?resource=tasks&id=${x.id}`, { token: emailEditor.token })).body.entries[0];
    expect(deleted).toMatchObject({ action: 'delete', actor: { email: 'editor@tasks.test' }, row: { title: 'Original', campaign_id: c.id } });
    // The deleted task's history is still read by its campaign's readers, and its delete undone by its editors.
    expect((await t.api('GET', `/api/tasks/${x.id}/history`, { token: viewer.token })).status).toBe(200);
    expect((await t.api('POST', `/api/history/${deleted.id}/revert`, { token: viewer.token })).status).toBe(403);
    const back = await t.api('POST', `/api/history/${deleted.id}/revert`, { token: emailEditor.token });
    expect(back.status).toBe(200);
    expect(back.body.row).toMatchObject({ id: x.id, title: 'Original', rank: x.rank, campaign: { id: c.id } });
    expect(await titles(c.id)).toEqual(['Original']);
    expect((await summaryOf(c.id)).task_summary.total).toBe(1);

    const y = await task(c.id, { title: 'Mistake' }, emailEditor.token);
    const created = (await t.api('GET', `/api/tasks/${y.id}/history`, { token: emailEditor.token })).body.entries[0];
    expect((await t.api('POST', `/api/history/${created.id}/revert`, { token: emailEditor.token })).status).toBe(200);
    expect(await titles(c.id)).toEqual(['Original']);
  });

  it('should let an assignee who may only read revert their own status change, and nothing more', async () => {
    const c = await campaign();
    const x = await task(c.id, { assignee_id: viewer.userId });
    await t.api('PATCH', `/api/tasks/${x.id}`, { token: viewer.token, body: { status: 'done' } });
    await t.api('PATCH', `/api/tasks/${x.id}`, { token: admin.token, body: { title: 'Renamed by the admin' } });
    const [rename, done] = (await t.api('GET', `/api/tasks/${x.id}/history`, { token: viewer.token })).body.entries;
    expect((await t.api('POST', `/api/history/${rename.id}/revert`, { token: viewer.token })).status).toBe(403);
    const undone = await t.api('POST', `/api/history/${done.id}/revert`, { token: viewer.token });
    expect(undone.status).toBe(200);
    expect(undone.body.row).toMatchObject({ status: 'todo', completed_at: null, title: 'Renamed by the admin' });
  });
});

describe.each(TEST_ZONES)('due dates in %s', (zone) => {
  it('should travel as the same YYYY-MM-DD string, into the summary and My work', async () => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      const c = await campaign({ live_date: '2027-01-01' });
      const x = await task(c.id, { due_date: '2026-12-31', assignee_id: admin.userId });
      expect(x.due_date).toBe('2026-12-31');
      expect((await t.api('GET', `/api/tasks/${x.id}`, { token: admin.token })).body.due_date).toBe('2026-12-31');
      expect((await summaryOf(c.id)).task_summary.next_due).toBe('2026-12-31');
      const mine = (await t.api('GET', `/api/tasks?assignee=me&campaign=${c.id}&due_before=2027-01-01`, { token: admin.token })).body;
      expect(mine.map((m: { due_date: string; campaign: { live_date: string } }) => [m.due_date, m.campaign.live_date])).toEqual([['2026-12-31', '2027-01-01']]);
      const moved = await t.api('PATCH', `/api/tasks/${x.id}`, { token: admin.token, body: { due_date: '2027-01-01' } });
      expect(moved.body.due_date).toBe('2027-01-01');
    } finally {
      process.env.TZ = saved;
    }
  });
});
