import { CHANNEL_VALUES } from '@cadence/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { demoCampaigns, seedDemo } from './seed';
import { DEMO_SHARE_LINK_TOKEN } from './share-link';
import { DEMO_BASELINE, DEMO_REVERTED, demoBaselineAt, demoPast, planAt, type PlanFields } from './past';
import { DEMO_USERS } from './data';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const count = async (table: string) => Number((await t.services.db(table).count({ n: '*' }))[0]!.n);

it('should fill an empty install with data for every screen and print working credentials', async () => {
  const result = await seedDemo(t.services, '2026-11-22');
  expect(result.seeded).toBe(true);
  const channels = new Set((await t.services.db('campaigns').select('channels')).flatMap((r: { channels: string[] }) => r.channels));
  expect([...channels].sort()).toEqual([...CHANNEL_VALUES].sort());
  expect(await count('ideas')).toBeGreaterThan(0);
  expect(await count('ideas_comments')).toBeGreaterThan(0);
  const statuses = await t.services.db('industry_publication_ads').distinct('status').pluck('status');
  expect(statuses.sort()).toEqual(['content_ready', 'content_requested', 'live', 'new']);
  for (const table of ['prospective_publications', 'sponsored_articles', 'events', 'publication_ad_types']) {
    expect(await count(table), table).toBeGreaterThan(0);
  }
  // Checklists (docs/adr/0049): done, overdue against the demo's today, required, assigned to both demo users.
  const tasks: Array<{ status: string; due_date: string | null; required: boolean; assignee_id: string | null; campaign_id: string }> = await t.services.db('tasks').select();
  expect(tasks.some((x) => x.status === 'done')).toBe(true);
  expect(tasks.filter((x) => x.status !== 'done' && x.due_date !== null && x.due_date < '2026-11-22').length).toBeGreaterThan(2);
  expect(tasks.some((x) => x.required && x.status !== 'done')).toBe(true);
  expect(new Set(tasks.map((x) => x.assignee_id).filter(Boolean)).size).toBe(2);
  // The working calendar's holidays and a blackout (docs/adr/0052).
  const days: Array<{ day: string; label: string; kind: string }> = await t.services.db('closed_days').select(t.services.db.raw('day::text AS day'), 'label', 'kind');
  expect(days.filter((d) => d.label === 'Christmas Day')).toHaveLength(2);
  expect(days.find((d) => d.kind === 'blackout')).toEqual({ day: '2026-12-06', label: 'Company offsite', kind: 'blackout' });
  const withTasks = await t.services.db('campaigns').whereRaw("(task_summary->>'total')::int > 0").count({ n: '*' });
  expect(Number(withTasks[0]!.n)).toBe(new Set(tasks.map((x) => x.campaign_id)).size);
  // Templates (docs/adr/0054): a product launch and a webinar, with roles, valid as the API would have them.
  const admin0 = result.credentials.find((c) => c.role === 'admin')!;
  const token = (await t.api('POST', '/api/auth/signin', { body: { email: admin0.email, password: admin0.password } })).body.access_token;
  const templates = (await t.api('GET', '/api/templates', { token })).body as Array<{ name: string; roles: string[]; tasks: Array<{ role: string | null }> }>;
  expect(templates.map((x) => x.name)).toEqual(['Product launch', 'Webinar']);
  for (const x of templates) {
    expect(x.roles.length).toBeGreaterThan(1);
    const { id: _id, created_at: _c, updated_at: _u, version: _v, created_by: _b, ...body } = x as never as Record<string, unknown>;
    const again = await t.api('POST', '/api/templates', { token, body: { ...body, name: `${x.name} again` } });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  }
  // Approvals (docs/adr/0056): reviewers on two channels, one campaign waiting for review, one approved.
  expect(await t.services.db('approval_rules').pluck('channel')).toEqual(expect.arrayContaining(['email', 'social']));
  const signedIn = await t.api('POST', '/api/auth/signin', { body: { email: result.credentials[0]!.email, password: result.credentials[0]!.password } });
  const stateOf = async (title: string) => {
    const c = await t.services.db('campaigns').where({ title }).first('id');
    return (await t.api('GET', `/api/campaigns/${c.id}/approvals`, { token: signedIn.body.access_token })).body.channels.find((x: { channel: string }) => x.channel === 'email').state;
  };
  // A webhook pointing at nothing, its failed deliveries in its log (docs/adr/0058).
  const hooks = (await t.api('GET', '/api/webhooks', { token })).body as Array<{ id: string; url: string; last_delivery: { status: string } | null }>;
  expect(hooks).toMatchObject([{ url: 'https://hooks.example.invalid/cadence', last_delivery: { status: 'failed' } }]);
  const log = (await t.api('GET', `/api/webhooks/${hooks[0]!.id}/deliveries`, { token })).body as Array<{ status: string; error: string }>;
  expect(log.length).toBeGreaterThan(0);
  expect(log.every((d) => d.status === 'failed' && d.error.includes('ENOTFOUND'))).toBe(true);
  expect(await stateOf('Spring newsletter')).toBe('pending');
  expect(await stateOf('Customer onboarding drip')).toBe('approved');
  // Comments with mentions and watchers (docs/adr/0059), as the API shows them.
  const waiting = await t.services.db('campaigns').where({ title: 'Spring newsletter' }).first('id');
  const thread = (await t.api('GET', `/api/campaigns/${waiting.id}/comments`, { token: signedIn.body.access_token })).body as Array<{ mentions: Array<{ email: string }> }>;
  expect(thread.length).toBeGreaterThan(1);
  expect(thread.some((k) => k.mentions.length > 0)).toBe(true);
  expect(await count('campaign_watchers')).toBeGreaterThan(0);
  // An inbox with unread items for both demo accounts (docs/adr/0060).
  for (const c of result.credentials) {
    const session = await t.api('POST', '/api/auth/signin', { body: { email: c.email, password: c.password } });
    const unread = await t.api('GET', '/api/notifications/unread-count', { token: session.body.access_token });
    expect(unread.body.count, c.email).toBeGreaterThanOrEqual(2);
  }
  // Planning rules (docs/adr/0062): warnings only (a drag is asked about, never refused), with conflicts to show.
  const rules = (await t.api('GET', '/api/planning-rules', { token })).body as Array<{ kind: string; severity: string; description: string }>;
  expect(rules.map((r) => [r.kind, r.severity, r.description])).toEqual([
    ['non_working', 'warn', 'No go-live on a non-working day'],
    ['owner_load', 'warn', 'At most 2 go-lives per owner a week'],
  ]);
  const conflicted = (await t.api('GET', '/api/campaigns?conflicts=1', { token })).body as Array<{ title: string }>;
  expect(conflicted.length).toBeGreaterThan(0);
  expect(conflicted.length).toBeLessThan(await count('campaigns'));
  // A stakeholder link (docs/adr/0061) on a shared view of the live campaigns, opened signed out.
  const opened = await t.api('POST', `/api/shared/${DEMO_SHARE_LINK_TOKEN}/open`, { body: {} });
  expect([opened.status, opened.body.view?.name, opened.body.expires_on]).toEqual([200, 'Live campaigns', '2026-12-22']);
  const shown = await t.api('GET', '/api/campaigns', { token: opened.body.credential });
  expect(shown.body.length).toBeGreaterThan(0);
  expect(shown.body.every((c: { status: string; summary: string | null }) => c.status === 'live' && c.summary === null)).toBe(true);
  for (const c of result.credentials) {
    const res = await t.api('POST', '/api/auth/signin', { body: { email: c.email, password: c.password } });
    expect(res.status, c.email).toBe(200);
  }
  const admin = result.credentials.find((c) => c.role === 'admin')!;
  const s = await t.api('POST', '/api/auth/signin', { body: { email: admin.email, password: admin.password } });
  expect((await t.api('GET', '/api/auth/user', { token: s.body.access_token })).body.role).toBe('admin');
});

interface Entry {
  id: string;
  at: string;
  actor: { id: string; email: string } | null;
  row_id: string | null;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  row: Record<string, unknown> | null;
  reverts: string | null;
}
interface Campaign extends PlanFields {
  id: string;
  title: string;
  created_at: string;
}

const TODAY = '2026-11-22';
const daysBefore = (at: string) => (Date.parse(`${TODAY}T00:00:00Z`) - Date.parse(at)) / 86_400_000;
const PLAN = ['planning_start_date', 'live_date', 'end_date', 'status'] as const;
const planOf = (c: PlanFields): PlanFields => ({ planning_start_date: c.planning_start_date, live_date: c.live_date, end_date: c.end_date, status: c.status });

/** Every campaign's fields at `at`, rebuilt from today's rows by undoing, newest first, each entry after it (what a baseline does). */
function rebuild(rows: readonly Campaign[], entries: readonly Entry[], at: Date): Map<string, PlanFields> {
  const fields = new Map(rows.map((c) => [c.id, planOf(c)]));
  for (const e of entries) {
    if (Date.parse(e.at) <= at.getTime() || !e.row_id) continue;
    if (e.action === 'create') fields.delete(e.row_id);
    for (const [f, c] of Object.entries(e.changes ?? {})) (fields.get(e.row_id) as unknown as Record<string, unknown>)[f] = c.before;
  }
  // Rows that came in with a file after `at` were not there yet.
  for (const c of rows) if (Date.parse(c.created_at) > at.getTime()) fields.delete(c.id);
  const title = new Map(rows.map((c) => [c.id, c.title]));
  return new Map([...fields].map(([id, f]) => [title.get(id)!, f]));
}

it('should give the demo weeks of history by both demo users: creations, an import, moves, status changes and a revert', async () => {
  const signIn = async (u: { email: string; password: string }) => (await t.api('POST', '/api/auth/signin', { body: { email: u.email, password: u.password } })).body.access_token as string;
  const token = await signIn(DEMO_USERS[0]!);
  const users = await t.services.db('users').select('id', 'email');
  const idOf = (email: string) => users.find((u: { email: string }) => u.email === email)!.id as string;
  const [admin, viewer] = [idOf(DEMO_USERS[0]!.email), idOf(DEMO_USERS[1]!.email)];
  const entries = (await t.api('GET', '/api/history?resource=campaigns&limit=500', { token })).body.entries as Entry[];
  const rows = (await t.api('GET', '/api/campaigns', { token })).body as Campaign[];

  // Both users, by their own ids, over the past six weeks, newest first by time as by id.
  expect(new Set(entries.map((e) => e.actor?.id))).toEqual(new Set([admin, viewer]));
  const ages = entries.map((e) => daysBefore(e.at));
  expect(Math.max(...ages)).toBeGreaterThan(35);
  expect(Math.min(...ages)).toBeGreaterThan(0);
  expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
  expect(new Set(entries.map((e) => e.at)).size).toBe(entries.length);

  // Every campaign came in once, by a create or with the file, before anything else happened to it.
  const file = entries.filter((e) => e.action === 'import');
  expect(file).toMatchObject([{ row_id: null, row: { imported: 6 }, actor: { id: admin } }]);
  for (const c of rows) {
    const own = entries.filter((e) => e.row_id === c.id).reverse();
    const imported = c.created_at === file[0]!.at;
    expect(own.filter((e) => e.action === 'create').length, c.title).toBe(imported ? 0 : 1);
    if (!imported) expect(own[0]!.action, c.title).toBe('create');
    expect(own.every((e) => Date.parse(e.at) >= Date.parse(c.created_at)), c.title).toBe(true);
  }
  // An imported campaign's History tab ends with its file.
  const paid = rows.find((c) => c.title === 'Search retargeting Q-push')!;
  const tab = (await t.api('GET', `/api/campaigns/${paid.id}/history`, { token })).body.entries as Entry[];
  expect(tab.at(-1)).toMatchObject({ action: 'import', row: { imported: 6 } });

  // Moves and status changes, by both users.
  const updates = entries.filter((e) => e.action === 'update');
  expect(updates.filter((e) => e.changes?.live_date).length).toBeGreaterThan(10);
  expect(updates.filter((e) => e.changes?.status).length).toBeGreaterThan(10);
  expect(updates.some((e) => e.actor?.id === viewer && e.changes?.live_date)).toBe(true);

  // The administrator's bad move, reverted by the campaign's planner: the revert's values are the move's, undone.
  const reverted = rows.find((c) => c.title === DEMO_REVERTED)!;
  const revert = entries.find((e) => e.reverts !== null)!;
  const move = entries.find((e) => e.id === revert.reverts)!;
  expect([revert.row_id, revert.actor?.id, move.row_id, move.actor?.id]).toEqual([reverted.id, viewer, reverted.id, admin]);
  expect(revert.changes).toEqual(Object.fromEntries(Object.entries(move.changes!).map(([f, c]) => [f, { before: c.after, after: c.before }])));
  expect(reverted.live_date).toBe(move.changes!.live_date!.before);
  // The revert command itself reads these entries as consistent with the row: undoing the revert would move it back.
  const again = await t.api('POST', `/api/history/${revert.id}/revert?dry_run=1`, { token, body: {} });
  expect([again.status, again.body.plan]).toEqual([200, { kind: 'update', patch: Object.fromEntries(Object.entries(move.changes!).map(([f, c]) => [f, c.after])) }]);

  // Today's rows are the demo's as they always were: the past ends where the demo is.
  const final = demoCampaigns(TODAY, { admin, viewer });
  expect(new Map(rows.map((c) => [c.title, planOf(c)]))).toEqual(new Map(final.map((c) => [c.title, planOf(c)])));

  // Four weeks ago, rebuilt from the entries, is the plan the demo's past had then: some campaigns
  // not yet there, some at other dates or statuses.
  const at = demoBaselineAt(TODAY);
  const then = rebuild(rows, entries, at);
  expect(then).toEqual(planAt(demoPast(final, TODAY), at));
  const now = new Map(rows.map((c) => [c.title, planOf(c)]));
  expect(rows.length - then.size).toBeGreaterThanOrEqual(5);
  const moved = [...then].filter(([title, f]) => f.live_date !== now.get(title)!.live_date);
  expect(moved.length).toBeGreaterThanOrEqual(5);
  for (const key of PLAN) expect([...then.values()].some((f, i) => f[key] !== [...then.keys()].map((k) => now.get(k)!)[i]![key]), key).toBe(true);

  // The saved baseline "Plan as of 4 weeks ago" is that moment, and the server's comparison with it
  // counts what the demo's past added and moved (docs/adr/0063).
  const saved = (await t.api('GET', '/api/baselines', { token })).body as Array<{ id: string; name: string; at: string }>;
  const baseline = saved.find((b) => b.name === DEMO_BASELINE.name)!;
  expect(new Date(baseline.at).getTime()).toBe(at.getTime());
  const dates = rows.flatMap((c) => [c.planning_start_date, c.live_date, c.end_date ?? c.live_date]).sort();
  const compared = await t.api('GET', `/api/campaigns/compare?baseline=${baseline.id}&from=${dates[0]}&to=${dates.at(-1)}`, { token });
  expect(compared.status).toBe(200);
  expect(compared.body.summary.added).toBe(rows.length - then.size);
  expect(compared.body.summary.moved).toBeGreaterThanOrEqual(moved.length);
});
