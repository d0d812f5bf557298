import { randomUUID } from 'node:crypto';
import { CadenceApiError, PRIMARY_CHANNEL_MESSAGE, mentionToken, type CadenceAdminClient, type CadenceClient, type CampaignCreate, type HistoryEntry, type HistoryResource, addDays, todayYmd } from '@cadence/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryFactory, serverFactory, type ClientFactory, type Workspace } from './clients';

// One set of assertions about what a `CadenceClient` answers, run against the widgets' in-memory
// client and against a real server over HTTP (docs/architecture.md#client-contract): what the
// widgets' tests and stories see of the memory client is what the server does. Each test writes
// rows with an owner of its own (or reads one row's history), so the server's shared database
// never puts another test's rows in its counts.

const FACTORIES: ClientFactory[] = [memoryFactory, serverFactory()];

const ownerName = () => `Owner ${randomUUID().slice(0, 8)}`;
const campaign = (owner: string, extra: Partial<CampaignCreate> = {}): CampaignCreate => ({
  title: 'Spring launch', planning_start_date: '2026-03-02', live_date: '2026-03-16', owner, ...extra,
});

/** The error a call fails with; fails the test when the call succeeds. */
async function failure(call: Promise<unknown>): Promise<CadenceApiError> {
  const outcome = await call.then(
    (answer) => new Error(`expected the call to fail, but it answered ${JSON.stringify(answer)}`),
    (e: unknown) => e,
  );
  if (!(outcome instanceof CadenceApiError)) throw outcome;
  return outcome;
}

const MISSING_ID = '00000000-0000-4000-8000-0000deadbeef';

/** Every entry of one row, newest first, walked page by page. */
async function wholeHistory(client: CadenceClient, query: Parameters<CadenceClient['history']['pages']>[0]): Promise<HistoryEntry[]> {
  const all: HistoryEntry[] = [];
  for await (const page of client.history.pages(query)) all.push(...page);
  return all;
}

describe.each(FACTORIES)('client contract: $name', (factory) => {
  let w: Workspace;
  beforeAll(() => factory.start());
  afterAll(() => factory.stop());
  // A new administrator per test: their writes and their history are theirs alone.
  beforeEach(async () => {
    w = await factory.workspace();
  });

  describe('working calendar', () => {
    it('should give anyone signed in the weekend and the closed days of a window', async () => {
      const cal = await w.client.workingCalendar.get();
      expect(cal.weekend).toEqual([5, 6]);
      expect(Array.isArray(cal.closed_days)).toBe(true);
      const viewer = await w.as([]);
      expect(await viewer.client.workingCalendar.get({ from: '2999-01-01', to: '2999-01-31' })).toEqual({ weekend: [5, 6], closed_days: [] });
    });
    // The server's calendar is the whole install's: days far ahead, a year of the test's own, reopened after.
    const farDay = () => `${2100 + Math.floor(Math.random() * 800)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    const admin = () => w.client.workingCalendar as CadenceAdminClient['workingCalendar'];

    it('should close a day with its label and kind, refuse it again with 409, reopen it, and answer 404 when it is open', async () => {
      const day = farDay();
      const made = await admin().close({ day, label: 'Founders Day', kind: 'blackout' });
      expect(made).toMatchObject({ day, label: 'Founders Day', kind: 'blackout', source: 'manual' });
      expect((await admin().get({ from: day, to: day })).closed_days).toMatchObject([{ day, label: 'Founders Day', kind: 'blackout' }]);
      expect(await failure(admin().close({ day, label: 'Again' }))).toMatchObject({ status: 409, code: 'already_exists' });
      await admin().reopen(day);
      expect((await admin().get({ from: day, to: day })).closed_days).toEqual([]);
      expect((await failure(admin().reopen(day))).status).toBe(404);
    });

    it('should refuse a bad day, an empty label, an unknown kind and a weekend of seven days with a 400 naming the field', async () => {
      const bad = await failure(admin().close({ day: '2026-02-30', label: '', kind: 'picnic' as never }));
      expect(bad.status).toBe(400);
      expect(bad.details.map((d) => d.path).sort()).toEqual(['day', 'kind', 'label']);
      const week = await failure(admin().setWeekend([0, 1, 2, 3, 4, 5, 6]));
      expect(week.status).toBe(400);
      expect(week.details).toMatchObject([{ path: 'weekend', message: 'At least one day of the week must be a working day' }]);
      expect((await admin().get()).weekend).toEqual([5, 6]);
    });

    it('should import the all-day events of an .ics file, report days closed already and timed events, and refuse a file that is not iCalendar on ics', async () => {
      const year = 2100 + Math.floor(Math.random() * 800);
      const ics = [
        'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//contract//EN',
        'BEGIN:VEVENT', 'UID:a@contract', 'DTSTAMP:20260101T000000Z', 'SUMMARY:Holiday A', `DTSTART;VALUE=DATE:${year}0105`, `DTEND;VALUE=DATE:${year}0107`, 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:b@contract', 'DTSTAMP:20260101T000000Z', 'SUMMARY:Meeting', `DTSTART:${year}0108T090000Z`, `DTEND:${year}0108T100000Z`, 'END:VEVENT',
        'END:VCALENDAR', '',
      ].join('\r\n');
      const first = await admin().importIcs(ics);
      expect(first.added.map((d) => [d.day, d.label, d.kind, d.source])).toEqual([[`${year}-01-05`, 'Holiday A', 'holiday', 'ics'], [`${year}-01-06`, 'Holiday A', 'holiday', 'ics']]);
      expect(first.skipped).toHaveLength(1);
      expect(first.skipped[0]!.summary).toBe('Meeting');
      const again = await admin().importIcs(ics);
      expect(again.added).toEqual([]);
      expect(again.already_closed).toEqual([`${year}-01-05`, `${year}-01-06`]);
      const bad = await failure(admin().importIcs('hello, world'));
      expect(bad.status).toBe(400);
      expect(bad.details[0]).toMatchObject({ path: 'ics' });
      expect(bad.details[0]!.message).toMatch(/Not an iCalendar file/);
      for (const d of first.added) await admin().reopen(d.day);
    });

    it('should refuse the calendar\'s writes to anyone but an administrator (403)', async () => {
      const viewer = await w.as([]);
      const cal = viewer.client.workingCalendar as CadenceAdminClient['workingCalendar'];
      expect((await failure(cal.close({ day: farDay(), label: 'Mine' }))).status).toBe(403);
      expect((await failure(cal.setWeekend([6]))).status).toBe(403);
    });
  });

  describe('planning rules (docs/adr/0062)', () => {
    // The rules are the whole install's: each test's rule is about an audience of its own, so it
    // judges no other test's campaigns, and is removed at the end.
    it('should keep a rule, refuse a write breaking a block with 409 rule_blocked, and hand a warning to onWarnings', async () => {
      const audience = `Audience ${crypto.randomUUID().slice(0, 8)}`;
      const rule = await w.client.planningRules.create({ kind: 'audience_load', channel: 'email', audience, limit: 1, period: 'day', severity: 'block' });
      expect(rule).toMatchObject({ limit: 1, gap_days: null, version: 1, description: `At most 1 e-mail send to ${audience} a day` });
      const body = (title: string) => ({ title, planning_start_date: '2950-01-01', live_date: '2950-01-06', channels: ['email' as const], audiences: [audience] });
      await w.client.campaigns.create(body('First'));
      const refused = await failure(w.client.campaigns.create(body('Second')));
      expect(refused).toMatchObject({ status: 409, code: 'rule_blocked' });
      expect(refused.message).toBe(`2 e-mail sends to ${audience} that day; the limit is 1 (At most 1 e-mail send to ${audience} a day)`);
      const warned = await w.client.planningRules.update(rule.id, { kind: 'audience_load', channel: 'email', audience, limit: 1, period: 'day', severity: 'warn' }, { version: 1 });
      expect(warned.version).toBe(2);
      expect((await failure(w.client.planningRules.update(rule.id, { kind: 'non_working' }, { version: 1 }))).status).toBe(412);
      const heard: string[] = [];
      await w.client.campaigns.create(body('Second'), { onWarnings: (ws) => heard.push(...ws.map((x) => x.message)) });
      expect(heard).toEqual([`2 e-mail sends to ${audience} that day; the limit is 1`]);
      const viewer = await w.as([]);
      expect((await viewer.client.planningRules.list()).some((r) => r.id === rule.id)).toBe(true);
      expect((await failure(viewer.client.planningRules.create({ kind: 'non_working' }))).status).toBe(403);
      const bad = await failure(w.client.planningRules.create({ kind: 'channel_load', limit: 0 }));
      expect(bad.status).toBe(400);
      expect(bad.details[0]!.path).toBe('limit');
      await w.client.planningRules.remove(rule.id);
      expect((await w.client.planningRules.list()).some((r) => r.id === rule.id)).toBe(false);
    });

    it('should keep, behind conflicts=1, the campaigns in a conflict with a go-live in the window, in the list, a page, the stats and a view', async () => {
      const audience = `Audience ${crypto.randomUUID().slice(0, 8)}`;
      const owner = ownerName();
      const rule = await w.client.planningRules.create({ kind: 'audience_load', channel: 'email', audience, limit: 1, period: 'week', severity: 'warn' });
      const body = (title: string, live_date: string) => ({ title, owner, planning_start_date: '2950-01-01', live_date, channels: ['email' as const], audiences: [audience] });
      // A and B share the week of Monday 2950-01-05; C goes live the week after, on its own.
      await w.client.campaigns.create(body('A', '2950-01-06'));
      await w.client.campaigns.create(body('B', '2950-01-08'));
      await w.client.campaigns.create(body('C', '2950-01-15'));
      const titles = (rows: Array<{ title: string }>) => rows.map((c) => c.title).sort();
      expect(titles(await w.client.campaigns.list({ owner, conflicts: '1' }))).toEqual(['A', 'B']);
      expect(titles(await w.client.campaigns.list({ owner, conflicts: '1', from: '2950-01-08', to: '2950-01-20' }))).toEqual(['A', 'B']);
      expect(titles(await w.client.campaigns.list({ owner, conflicts: '1', from: '2950-01-13', to: '2950-01-20' }))).toEqual([]);
      expect(titles((await w.client.campaigns.page({ owner, conflicts: '1', limit: 5 })).items)).toEqual(['A', 'B']);
      expect((await w.client.campaigns.stats({ owner, conflicts: '1' })).total).toBe(2);
      const view = await w.client.views.create({ name: `Clashing ${owner}`, query: `owner=${encodeURIComponent(owner)}&conflicts=1` });
      expect((await w.client.views.counts()).counts[view.id]).toBe(2);
      // The conflicts list's CSV, as "Download CSV" saves it: the server's own, and the memory client's the same.
      const csv = await w.client.planningRules.conflictsCsv({ from: '2950-01-01', to: '2950-01-31' });
      expect(csv.split(/\r?\n/)[0]).toBe('date,severity,rule,message,campaigns,campaign_ids');
      expect(csv).toContain(`2950-01-05,warn,At most 1 e-mail send to ${audience} a week,2 e-mail sends to ${audience} that week; the limit is 1,A; B,`);
      const bad = await failure(w.client.campaigns.list({ conflicts: 'yes' as never }));
      expect([bad.status, !!bad.fieldMessage('conflicts')]).toEqual([400, true]);
      await w.client.planningRules.remove(rule.id);
      expect(titles(await w.client.campaigns.list({ owner, conflicts: '1' }))).toEqual([]);
    });
  });

  describe('webhooks', () => {
    const hooks = () => (w.client as CadenceAdminClient).webhooks;
    it('should register an endpoint with its secret shown once, list it, ping it into the log, redeliver, rotate and remove it', async () => {
      const made = await hooks().create({ url: 'https://hooks.example.invalid/contract', events: ['campaign.moved', 'task.done'], description: 'Contract' });
      expect(made).toMatchObject({ url: 'https://hooks.example.invalid/contract', events: ['campaign.moved', 'task.done'], format: 'json', active: true, description: 'Contract', last_delivery: null });
      expect(made.secret).toMatch(/^whsec_/);
      const listed = (await hooks().list()).find((h) => h.id === made.id)!;
      expect(listed).not.toHaveProperty('secret');
      expect((await hooks().update(made.id, { active: false, format: 'slack' }))).toMatchObject({ active: false, format: 'slack' });
      const ping = await hooks().test(made.id);
      expect(ping).toMatchObject({ webhook_id: made.id, event_type: 'ping', status: 'pending', attempts: 0 });
      const log = await hooks().deliveries(made.id, { limit: 10 });
      expect(log.items.map((d) => d.id)).toEqual([ping.id]);
      expect(log.nextCursor).toBeNull();
      expect((await hooks().redeliver(ping.id))).toMatchObject({ id: ping.id, status: 'pending' });
      const rotated = await hooks().rotateSecret(made.id);
      expect(rotated.secret).not.toBe(made.secret);
      await hooks().remove(made.id);
      expect((await failure(hooks().get(made.id))).status).toBe(404);
    });

    it('should refuse a URL that is not https or is a private address, an unknown event and a bad format with a 400 naming the field', async () => {
      const paths = async (body: object) => (await failure(hooks().create({ url: 'https://hooks.example.invalid/x', events: ['*'], ...body } as never))).details.map((d) => d.path);
      expect(await paths({ url: 'http://hooks.example.invalid/x' })).toEqual(['url']);
      expect(await paths({ url: 'https://169.254.169.254/latest' })).toEqual(['url']);
      expect(await paths({ url: 'https://127.0.0.1/x' })).toEqual(['url']);
      expect(await paths({ events: ['campaign.exploded'] })).toEqual(['events.0']);
      expect(await paths({ format: 'xml' })).toEqual(['format']);
    });

    it('should refuse webhooks to anyone but an administrator (403)', async () => {
      const viewer = await w.as([['global_view'], ['global_create']]);
      const theirs = (viewer.client as CadenceAdminClient).webhooks;
      expect((await failure(theirs.list())).status).toBe(403);
      expect((await failure(theirs.create({ url: 'https://hooks.example.invalid/x', events: ['*'] }))).status).toBe(403);
    });
  });

  describe('campaigns', () => {
    it('should create with the defaults, read, list, update with a version and delete', async () => {
      const owner = ownerName();
      const created = await w.client.campaigns.create(campaign(owner, { channels: ['email'] }));
      expect(created).toMatchObject({
        title: 'Spring launch', status: 'planning', priority: 'medium', scope: 'global', primary_channel: null,
        channels: ['email'], end_date: null, description: null, version: 1, created_by: w.userId, channel_config: {},
      });
      expect(await w.client.campaigns.get(created.id)).toEqual(created);
      expect((await w.client.campaigns.list({ owner })).map((c) => c.id)).toEqual([created.id]);

      const updated = await w.client.campaigns.update(created.id, { status: 'live', owner }, { version: 1 });
      expect(updated).toMatchObject({ status: 'live', version: 2 });
      expect((await w.client.campaigns.list({ owner, status: 'live' })).map((c) => c.id)).toEqual([created.id]);

      await w.client.campaigns.remove(created.id, { version: 2 });
      expect(await failure(w.client.campaigns.get(created.id))).toMatchObject({ status: 404, code: 'not_found' });
      expect(await w.client.campaigns.list({ owner })).toEqual([]);
    });

    it('should refuse invalid values with a 400 naming each field', async () => {
      const bad = await failure(w.client.campaigns.create({ title: '', planning_start_date: 'x', live_date: '2026-01-01' }));
      expect(bad).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(bad.fieldMessage('title')).toBeTruthy();
      expect(bad.fieldMessage('planning_start_date')).toBe('Must be a date (YYYY-MM-DD)');

      const channelless = await failure(w.client.campaigns.create(campaign(ownerName(), { scope: 'channel' })));
      expect(channelless).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(channelless.fieldMessage('primary_channel')).toBe(PRIMARY_CHANNEL_MESSAGE);

      const c = await w.client.campaigns.create(campaign(ownerName()));
      const badPatch = await failure(w.client.campaigns.update(c.id, { live_date: '2026-02-30' }));
      expect(badPatch.status).toBe(400);
      expect(badPatch.fieldMessage('live_date')).toBeTruthy();
    });

    it('should keep a channel campaign in its primary channel alone, and refuse one without it', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { channels: ['email', 'social'] }));
      // Moving a global campaign into a channel needs the channel named: no guess from its list.
      const unnamed = await failure(w.client.campaigns.update(c.id, { scope: 'channel' }, { version: 1 }));
      expect(unnamed).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(unnamed.fieldMessage('primary_channel')).toBe(PRIMARY_CHANNEL_MESSAGE);
      expect(await w.client.campaigns.get(c.id)).toMatchObject({ scope: 'global', version: 1 });

      const moved = await w.client.campaigns.update(c.id, { scope: 'channel', primary_channel: 'social' }, { version: 1 });
      expect(moved).toMatchObject({ scope: 'channel', primary_channel: 'social', channels: ['social'], version: 2 });
      const back = await w.client.campaigns.update(c.id, { scope: 'global' }, { version: 2 });
      expect(back).toMatchObject({ scope: 'global', primary_channel: null, channels: ['social'], version: 3 });

      const channel = await w.client.campaigns.create(campaign(ownerName(), { scope: 'channel', primary_channel: 'seo', channels: ['email'] }));
      expect(channel).toMatchObject({ scope: 'channel', primary_channel: 'seo', channels: ['seo'] });
      expect(await w.client.campaigns.promote(channel.id, { version: 1 })).toMatchObject({ scope: 'global', primary_channel: null, version: 2 });
    });

    it('should answer a stale version with 412 and the current row, and leave the row as it was', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName()));
      await w.client.campaigns.update(c.id, { title: 'First' }, { version: 1 });
      for (const stale of [
        () => w.client.campaigns.update(c.id, { title: 'Second' }, { version: 1 }),
        () => w.client.campaigns.remove(c.id, { version: 1 }),
        () => w.client.campaigns.promote(c.id, { version: 1 }),
      ]) {
        expect(await failure(stale())).toMatchObject({ status: 412, code: 'conflict', current: { id: c.id, title: 'First', version: 2 } });
      }
      expect(await w.client.campaigns.get(c.id)).toMatchObject({ title: 'First', version: 2 });
      // Without a version the write goes through (last write wins).
      expect(await w.client.campaigns.update(c.id, { title: 'Third' })).toMatchObject({ title: 'Third', version: 3 });
    });

    it('should answer 404 for a campaign that does not exist', async () => {
      for (const call of [() => w.client.campaigns.get(MISSING_ID), () => w.client.campaigns.update(MISSING_ID, { title: 'x' }), () => w.client.campaigns.remove(MISSING_ID)]) {
        expect(await failure(call())).toMatchObject({ status: 404, code: 'not_found' });
      }
    });

    it('should let a viewer read but not write (403), and hide what they may not read (404)', async () => {
      const owner = ownerName();
      const global = await w.client.campaigns.create(campaign(owner, { channels: ['email'] }));
      const seo = await w.client.campaigns.create(campaign(owner, { title: 'SEO only', scope: 'channel', primary_channel: 'seo' }));

      const viewer = await w.as([['global_view']]);
      expect((await viewer.client.campaigns.list({ owner })).map((c) => c.id)).toEqual([global.id]);
      expect(await viewer.client.campaigns.get(global.id)).toMatchObject({ id: global.id });
      expect(await failure(viewer.client.campaigns.get(seo.id))).toMatchObject({ status: 404 });
      for (const call of [
        () => viewer.client.campaigns.update(global.id, { title: 'Mine now' }, { version: 1 }),
        () => viewer.client.campaigns.remove(global.id, { version: 1 }),
        () => viewer.client.campaigns.create(campaign(owner)),
      ]) {
        expect(await failure(call())).toMatchObject({ status: 403, code: 'forbidden' });
      }

      const emailer = await w.as([['channel_view', 'email'], ['channel_create', 'email']]);
      const own = await emailer.client.campaigns.create(campaign(owner, { title: 'Email only', scope: 'channel', primary_channel: 'email' }));
      expect(await failure(emailer.client.campaigns.update(own.id, { scope: 'global' }, { version: 1 }))).toMatchObject({ status: 403 });
      expect(await failure(emailer.client.campaigns.update(own.id, { primary_channel: 'seo' }, { version: 1 }))).toMatchObject({ status: 403 });
      expect(await failure(emailer.client.campaigns.create(campaign(owner, { channels: ['email'] })))).toMatchObject({ status: 403 });
      expect(await emailer.client.campaigns.get(global.id)).toMatchObject({ id: global.id });
    });

    it('should refuse the user directory to anyone but an administrator', async () => {
      const viewer = await w.as([['global_view']]);
      expect(await failure(viewer.client.users.list())).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await w.client.users.list()).find((u) => u.id === w.userId)).toMatchObject({ email: w.email, admin: true });
    });
  });

  // The Import campaigns dialog (docs/adr/0070): a dry run first, then all or nothing, by line.
  describe('campaign import', () => {
    it('should check a file without saving, skip existing ones by line, refuse a bad line by its path, and import', async () => {
      const owner = ownerName();
      await w.client.campaigns.create(campaign(owner, { title: 'Kept', live_date: '2026-03-16' }));
      const csv = (...lines: string[]) => ['title,planning_start_date,live_date,owner', ...lines].join('\n') + '\n';
      const file = csv(`Kept,2026-03-02,2026-03-16,${owner}`, `New one,2026-03-02,2026-03-20,${owner}`);
      expect(await w.client.campaigns.importFile(file, { dryRun: true, skipExisting: true })).toEqual({
        rows: 2, imported: 1, skipped: [{ line: 2, reason: 'A campaign with the same title and live date already exists' }],
      });
      expect((await w.client.campaigns.list({ owner })).map((c) => c.title)).toEqual(['Kept']);
      const refused = await failure(w.client.campaigns.importFile(csv(`Fine,2026-03-02,2026-03-20,${owner}`, `Bad,2026-03-02,2026-02-30,${owner}`)));
      expect(refused).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(refused.details.map((d) => d.path)).toEqual(['line 3.live_date']);
      expect((await w.client.campaigns.list({ owner })).map((c) => c.title)).toEqual(['Kept']);
      expect(await w.client.campaigns.importFile(file, { skipExisting: true })).toMatchObject({ imported: 1 });
      expect((await w.client.campaigns.list({ owner })).map((c) => c.title).sort()).toEqual(['Kept', 'New one']);
    });
  });

  // A campaign's tasks (docs/adr/0049): what the Tasks tab and My work rely on.
  describe('tasks', () => {
    it('should add tasks in order, move one, update with a version and delete, the campaign summing them up without a new version', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { channels: ['email'] }));
      const brief = await w.client.tasks.create(c.id, { title: '  Brief  ', required: true, due_date: '2026-03-05' });
      expect(brief).toMatchObject({
        campaign_id: c.id, title: 'Brief', status: 'todo', required: true, due_date: '2026-03-05', assignee_id: null, note: null,
        version: 1, created_by: w.userId, completed_at: null, campaign: { id: c.id, title: 'Spring launch', live_date: '2026-03-16', channels: ['email'] },
      });
      const copy = await w.client.tasks.create(c.id, { title: 'Copy', due_date: '2026-03-09' });
      const kickoff = await w.client.tasks.create(c.id, { title: 'Kick-off', before: brief.id });
      expect((await w.client.tasks.list(c.id)).map((x) => x.title)).toEqual(['Kick-off', 'Brief', 'Copy']);
      const moved = await w.client.tasks.update(copy.id, { after: kickoff.id }, { version: 1 });
      expect(moved).toMatchObject({ version: 2 });
      expect((await w.client.tasks.list(c.id)).map((x) => x.title)).toEqual(['Kick-off', 'Copy', 'Brief']);

      expect(await w.client.campaigns.get(c.id)).toMatchObject({ version: 1, task_summary: { total: 3, done: 0, open_required: 1, next_due: '2026-03-05' } });
      const done = await w.client.tasks.update(brief.id, { status: 'done' }, { version: 1 });
      expect(done).toMatchObject({ status: 'done', version: 2, completed_at: expect.any(String) });
      expect(await w.client.campaigns.get(c.id)).toMatchObject({ version: 1, task_summary: { total: 3, done: 1, open_required: 0, next_due: '2026-03-09' } });
      expect(await failure(w.client.tasks.update(brief.id, { title: 'Stale' }, { version: 1 }))).toMatchObject({ status: 412, code: 'conflict', current: { id: brief.id, version: 2 } });
      expect(await w.client.tasks.update(brief.id, { status: 'todo' })).toMatchObject({ status: 'todo', completed_at: null, version: 3 });

      await w.client.tasks.remove(kickoff.id, { version: 1 });
      expect(await failure(w.client.tasks.get(kickoff.id))).toMatchObject({ status: 404 });
      expect((await w.client.campaigns.get(c.id)).task_summary).toEqual({ total: 2, done: 0, open_required: 1, next_due: '2026-03-05', assignees: [] });
      // The campaign's own edit, opened before all this, still applies.
      expect(await w.client.campaigns.update(c.id, { title: 'Renamed' }, { version: 1 })).toMatchObject({ version: 2, task_summary: { total: 2 } });
    });

    it('should refuse a bad due date, an unknown status, a bad title and a stranger as assignee with a 400 naming the field', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { channels: ['email'] }));
      const x = await w.client.tasks.create(c.id, { title: 'Keep me' });
      const outsider = await w.as([['channel_view', 'pr']]);
      const cases: Array<[() => Promise<unknown>, string]> = [
        [() => w.client.tasks.create(c.id, { title: 'x', due_date: '2026-02-30' }), 'due_date'],
        [() => w.client.tasks.create(c.id, { title: 'x', due_date: 'tomorrow' }), 'due_date'],
        [() => w.client.tasks.create(c.id, { title: 'x', status: 'blocked' as never }), 'status'],
        [() => w.client.tasks.create(c.id, { title: ' ' }), 'title'],
        [() => w.client.tasks.create(c.id, { title: 'x'.repeat(201) }), 'title'],
        [() => w.client.tasks.create(c.id, { title: 'x', assignee_id: outsider.userId }), 'assignee_id'],
        [() => w.client.tasks.create(c.id, { title: 'x', assignee_id: MISSING_ID }), 'assignee_id'],
        [() => w.client.tasks.update(x.id, { due_date: '2026-02-30' }), 'due_date'],
        [() => w.client.tasks.update(x.id, { assignee_id: outsider.userId }), 'assignee_id'],
        [() => w.client.tasks.update(x.id, { after: MISSING_ID }), 'after'],
      ];
      for (const [call, field] of cases) {
        const e = await failure(call());
        expect([field, e.status, e.code, !!e.fieldMessage(field)]).toEqual([field, 400, 'validation_failed', true]);
      }
      expect((await w.client.tasks.list(c.id)).map((t) => [t.title, t.version])).toEqual([['Keep me', 1]]);
      expect(await failure(w.client.tasks.create(MISSING_ID, { title: 'x' }))).toMatchObject({ status: 404 });
      expect(await failure(w.client.tasks.list(MISSING_ID))).toMatchObject({ status: 404 });
      expect(await failure(w.client.tasks.update(MISSING_ID, { status: 'done' }))).toMatchObject({ status: 404 });
    });

    it('should let the assignee who may only read change the status of their task, and nothing else', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { channels: ['email'] }));
      const viewer = await w.as([['global_view']]);
      const assigned = await w.client.tasks.create(c.id, { title: 'Proofread', assignee_id: viewer.userId });
      expect(assigned).toMatchObject({ assignee_id: viewer.userId, assignee_email: viewer.email });
      const other = await w.client.tasks.create(c.id, { title: 'Not theirs' });
      const me = await w.again(viewer);
      expect((await me.client.tasks.list(c.id)).map((t) => t.title)).toEqual(['Proofread', 'Not theirs']);
      expect(await me.client.tasks.update(assigned.id, { status: 'in_progress' }, { version: 1 })).toMatchObject({ status: 'in_progress', version: 2 });
      for (const call of [
        () => me.client.tasks.update(assigned.id, { title: 'Mine' }),
        () => me.client.tasks.update(assigned.id, { status: 'done', due_date: '2026-04-01' }),
        () => me.client.tasks.update(other.id, { status: 'done' }),
        () => me.client.tasks.remove(assigned.id),
        () => me.client.tasks.create(c.id, { title: 'New' }),
        () => me.client.tasks.assignees(c.id),
      ]) {
        expect(await failure(call())).toMatchObject({ status: 403, code: 'forbidden' });
      }
      const assignees = (await w.client.tasks.assignees(c.id)).map((u) => u.id);
      expect(assignees).toContain(viewer.userId);
      expect(assignees).toContain(w.userId);
    });

    it('should list My work across campaigns by due date, undated last, a page at a time, each task naming its campaign', async () => {
      const a = await w.client.campaigns.create(campaign(ownerName(), { title: 'Alpha' }));
      const b = await w.client.campaigns.create(campaign(ownerName(), { title: 'Beta', live_date: '2026-04-01' }));
      await w.client.tasks.create(a.id, { title: 'Undated', assignee_id: w.userId });
      await w.client.tasks.create(b.id, { title: 'Later', assignee_id: w.userId, due_date: '2026-03-20' });
      await w.client.tasks.create(a.id, { title: 'Sooner', assignee_id: w.userId, due_date: '2026-03-03' });
      await w.client.tasks.create(b.id, { title: 'Done', assignee_id: w.userId, due_date: '2026-03-01', status: 'done' });
      await w.client.tasks.create(b.id, { title: 'Nobody’s', due_date: '2026-03-02' });
      const open = await w.client.tasks.mine({ assignee: 'me', status: 'open' });
      expect(open.map((t) => [t.title, t.campaign.title])).toEqual([['Sooner', 'Alpha'], ['Later', 'Beta'], ['Undated', 'Alpha']]);
      expect(open[1]!.campaign).toMatchObject({ id: b.id, live_date: '2026-04-01' });
      expect((await w.client.tasks.mine({ assignee: 'me', status: 'done' })).map((t) => t.title)).toEqual(['Done']);
      expect((await w.client.tasks.mine({ assignee: 'me', status: 'open', due_before: '2026-03-20' })).map((t) => t.title)).toEqual(['Sooner']);
      const first = await w.client.tasks.minePage({ assignee: 'me', status: 'open', limit: 2 });
      expect(first.items.map((t) => t.title)).toEqual(['Sooner', 'Later']);
      const rest = await w.client.tasks.minePage({ assignee: 'me', status: 'open', limit: 2, cursor: first.nextCursor! });
      expect(rest).toMatchObject({ items: [{ title: 'Undated' }], nextCursor: null });
      const bad = await failure(w.client.tasks.mine({ status: 'later' as never }));
      expect(bad.fieldMessage('status')).toBeTruthy();
      expect(await w.client.tasks.counts({ assignee: 'me', status: 'open', today: '2026-03-20' })).toEqual({ count: 3, overdue: 1 });
      expect(await w.client.tasks.counts({ assignee: 'me' })).toEqual({ count: 4, overdue: null });
      expect((await w.client.tasks.mine({ assignee: 'me', q: 'ALPHA' })).map((t) => t.title)).toEqual(['Sooner', 'Undated']);
      expect((await w.client.tasks.mine({ assignee: 'me', q: 'late' })).map((t) => t.title)).toEqual(['Later']);
      expect((await w.client.tasks.seenAssignees()).map((u) => u.id)).toContain(w.userId);
      expect((await failure(w.client.tasks.counts({ today: '2026-13-01' }))).fieldMessage('today')).toBeTruthy();
    });

    it('should filter campaigns by a task’s assignee (an id or me) and by an overdue open task, and refuse bad values naming the field', async () => {
      const owner = ownerName();
      const viewer = await w.as([['global_view']]);
      const mine = await w.client.campaigns.create(campaign(owner, { title: 'Mine' }));
      const theirs = await w.client.campaigns.create(campaign(owner, { title: 'Theirs' }));
      const late = await w.client.campaigns.create(campaign(owner, { title: 'Late' }));
      await w.client.campaigns.create(campaign(owner, { title: 'Empty' }));
      await w.client.tasks.create(mine.id, { title: 'Mine, done', assignee_id: w.userId, status: 'done' });
      await w.client.tasks.create(theirs.id, { title: 'Theirs', assignee_id: viewer.userId, due_date: '2999-01-01' });
      await w.client.tasks.create(late.id, { title: 'Late', due_date: '2000-01-01' });
      await w.client.tasks.create(late.id, { title: 'Late but done', due_date: '1999-01-01', status: 'done' });
      const titles = (rows: Array<{ title: string }>) => rows.map((c) => c.title).sort();
      expect(titles(await w.client.campaigns.list({ owner, assignee: 'me' }))).toEqual(['Mine']);
      expect(titles(await w.client.campaigns.list({ owner, assignee: viewer.userId }))).toEqual(['Theirs']);
      expect(titles(await w.client.campaigns.list({ owner, overdue: '1' }))).toEqual(['Late']);
      expect((await w.client.campaigns.get(late.id)).task_summary).toMatchObject({ next_due: '2000-01-01', assignees: [] });
      expect((await w.client.campaigns.stats({ owner, assignee: 'me' })).total).toBe(1);
      expect((await w.client.campaigns.page({ owner, overdue: '1', limit: 5 })).items.map((c) => c.title)).toEqual(['Late']);
      const view = await w.client.views.create({ name: 'Mine and late', query: `owner=${encodeURIComponent(owner)}&assignee=me&overdue=1` });
      expect(view.query).toBe(`owner=${encodeURIComponent(owner)}&assignee=me&overdue=1`);
      expect((await w.client.views.counts()).counts[view.id]).toBe(0);
      for (const [call, field] of [
        [() => w.client.campaigns.list({ assignee: 'dana' }), 'assignee'],
        [() => w.client.campaigns.stats({ overdue: 'yes' as never }), 'overdue'],
        [() => w.client.campaigns.page({ assignee: '42', limit: 2 }), 'assignee'],
      ] as Array<[() => Promise<unknown>, string]>) {
        const e = await failure(call());
        expect([field, e.status, !!e.fieldMessage(field)]).toEqual([field, 400, true]);
      }
    });

    it('should log task writes and bring a deleted task back in its place', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName()));
      const first = await w.client.tasks.create(c.id, { title: 'First' });
      const second = await w.client.tasks.create(c.id, { title: 'Second' });
      await w.client.tasks.update(first.id, { title: 'Renamed' }, { version: 1 });
      await w.client.tasks.remove(first.id, { version: 2 });
      const [deleted, renamed, created] = (await w.client.history.forRow('tasks', first.id)).entries;
      expect([deleted!.action, renamed!.action, created!.action]).toEqual(['delete', 'update', 'create']);
      expect(renamed).toMatchObject({ actor: { id: w.userId }, changes: { title: { before: 'First', after: 'Renamed' } } });
      expect(deleted).toMatchObject({ row: { id: first.id, title: 'Renamed', campaign_id: c.id } });
      expect((await w.client.campaigns.get(c.id)).task_summary.total).toBe(1);
      const back = await w.client.history.revert(deleted!.id);
      expect(back.row).toMatchObject({ id: first.id, title: 'Renamed', version: 3 });
      expect((await w.client.tasks.list(c.id)).map((t) => t.id)).toEqual([first.id, second.id]);
      expect((await w.client.campaigns.get(c.id)).task_summary.total).toBe(2);
    });
  });

  // A campaign's comments, mentions and watchers (docs/adr/0059): what the Comments tab relies on.
  describe('campaign comments', () => {
    it('should keep comments oldest first with their author and mentions, edit with a version and delete', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { channels: ['email'] }));
      const viewer = await w.as([['global_view']]);
      const first = await w.client.campaignComments.create(c.id, { body: '  **Draft** is in  ' });
      expect(first).toMatchObject({ campaign_id: c.id, body: '**Draft** is in', created_by: w.userId, author_email: w.email, edited_at: null, mentions: [], version: 1, campaign: { id: c.id } });
      const second = await w.client.campaignComments.create(c.id, { body: `Over to ${mentionToken('label', viewer.userId)}` });
      expect(second.mentions).toEqual([{ id: viewer.userId, email: viewer.email }]);
      expect((await w.client.campaignComments.list(c.id)).map((k) => k.id)).toEqual([first.id, second.id]);
      const edited = await w.client.campaignComments.update(first.id, { body: 'Final' }, { version: 1 });
      expect(edited).toMatchObject({ body: 'Final', version: 2, edited_at: expect.any(String) });
      expect(await failure(w.client.campaignComments.update(first.id, { body: 'Stale' }, { version: 1 }))).toMatchObject({ status: 412, current: { id: first.id, version: 2 } });
      await w.client.campaignComments.remove(first.id, { version: 2 });
      expect(await failure(w.client.campaignComments.get(first.id))).toMatchObject({ status: 404 });
      const [deleted] = (await w.client.history.forRow('campaign-comments', first.id)).entries;
      expect(deleted).toMatchObject({ action: 'delete', row: { id: first.id, body: 'Final' } });
      await w.client.history.revert(deleted!.id);
      expect((await w.client.campaignComments.list(c.id)).map((k) => k.body)).toEqual(['Final', second.body]);
    });

    it('should refuse a blank comment and a mention of someone who cannot read the campaign, naming body, saving nothing', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { scope: 'channel', primary_channel: 'email', channels: ['email'] }));
      const outsider = await w.as([['channel_view', 'pr']]);
      for (const body of ['   ', 'x'.repeat(5001), `Hi ${mentionToken('x', outsider.userId)}`, `Hi ${mentionToken('x', MISSING_ID)}`]) {
        const e = await failure(w.client.campaignComments.create(c.id, { body }));
        expect([e.status, e.code, !!e.fieldMessage('body')]).toEqual([400, 'validation_failed', true]);
      }
      expect(await failure(w.client.campaignComments.create(c.id, { body: `Hi ${mentionToken('x', outsider.userId)}` }))).toMatchObject({ message: expect.stringContaining(outsider.email) });
      expect(await w.client.campaignComments.list(c.id)).toEqual([]);
      expect(await failure(w.client.campaignComments.list(MISSING_ID))).toMatchObject({ status: 404 });
    });

    it('should let only the author or an administrator edit, and offer as mentionable only those who read the campaign', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { scope: 'channel', primary_channel: 'email', channels: ['email'] }));
      const reader = await w.as([['channel_view', 'email']]);
      const outsider = await w.as([['channel_view', 'pr']]);
      const mine = await w.client.campaignComments.create(c.id, { body: 'The admin’s' });
      const me = await w.again(reader);
      const theirs = await me.client.campaignComments.create(c.id, { body: 'The reader’s' });
      expect(theirs).toMatchObject({ created_by: reader.userId });
      expect(await failure(me.client.campaignComments.update(mine.id, { body: 'Hijacked' }))).toMatchObject({ status: 403 });
      expect(await failure(me.client.campaignComments.remove(mine.id))).toMatchObject({ status: 403 });
      // By e-mail: the server's install has other tests' people too.
      const ids = async (q: string) => (await me.client.campaignComments.mentionable(c.id, { q })).map((u) => u.id);
      expect(await ids(reader.email)).toEqual([reader.userId]);
      expect(await ids(w.email.toUpperCase())).toEqual([w.userId]);
      expect(await ids(outsider.email)).toEqual([]);
    });

    it('should say why the caller watches a campaign, let them unwatch, and make the mentioned watch', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { channels: ['email'] }));
      expect(await w.client.campaignComments.watch(c.id)).toEqual({ watching: true, reason: 'owner', count: 1 });
      const viewer = await w.as([['global_view']]);
      await w.client.campaignComments.create(c.id, { body: `cc ${mentionToken('v', viewer.userId)}` });
      expect(await w.client.campaignComments.watch(c.id)).toMatchObject({ watching: true, count: 2 });
      expect(await w.client.campaignComments.setWatching(c.id, false)).toEqual({ watching: false, reason: null, count: 1 });
      expect(await w.client.campaignComments.setWatching(c.id, true)).toEqual({ watching: true, reason: 'owner', count: 2 });
      const me = await w.again(viewer);
      expect(await me.client.campaignComments.watch(c.id)).toMatchObject({ watching: true, reason: 'mentioned' });
    });
  });

  // Campaign templates (docs/adr/0054): what the template settings and "New from template" rely on.
  describe('templates', () => {
    const launch = (name: string) => ({
      name, planning_offset: 5, roles: ['Designer'], defaults: { channels: ['email' as const], priority: 'high' as const },
      tasks: [
        { title: 'Kick-off', offset: 0, anchor: 'planning_start' as const },
        { title: 'Design', offset: -2, role: 'Designer', required: true },
        { title: 'Report', offset: 1 },
      ],
    });

    it('should keep a template, read it back with its defaults filled in, and update it with a version', async () => {
      const name = `Launch ${randomUUID()}`;
      const created = await w.client.templates.create(launch(name));
      expect(created).toMatchObject({ name, description: null, planning_offset: 5, roles: ['Designer'], version: 1, created_by: w.userId });
      expect(created.tasks[2]).toEqual({ title: 'Report', offset: 1, anchor: 'live', assignee_id: null, role: null, required: false, note: null });
      expect(await w.client.templates.get(created.id)).toEqual(created);
      expect((await w.client.templates.list()).some((t) => t.id === created.id)).toBe(true);
      const updated = await w.client.templates.update(created.id, { description: 'Six weeks' }, { version: 1 });
      expect(updated).toMatchObject({ description: 'Six weeks', version: 2 });
      expect(await failure(w.client.templates.update(created.id, { description: 'Stale' }, { version: 1 }))).toMatchObject({ status: 412 });
      await w.client.templates.remove(created.id, { version: 2 });
      expect(await failure(w.client.templates.get(created.id))).toMatchObject({ status: 404 });
    });

    it('should refuse an unknown role and a task before the planning start, naming the field', async () => {
      const body = launch(`Bad ${randomUUID()}`);
      const unknown = await failure(w.client.templates.create({ ...body, tasks: [{ title: 'x', offset: 0, role: 'Editor' }] }));
      expect([unknown.status, unknown.details?.[0]?.path]).toEqual([400, 'tasks.0.role']);
      const early = await failure(w.client.templates.create({ ...body, tasks: [{ title: 'x', offset: -6 }] }));
      expect([early.status, early.details?.[0]?.path]).toEqual([400, 'tasks.0.offset']);
    });

    it('should create a campaign from a template with every task on its working day, or nothing when a role is left empty', async () => {
      const template = await w.client.templates.create(launch(`Apply ${randomUUID()}`));
      const missing = await failure(w.client.templates.apply(template.id, { campaigns: [{ title: 'No designer', live_date: '2026-03-16' }] }));
      expect([missing.status, missing.details?.[0]?.path]).toEqual([400, 'campaigns.0.roles.Designer']);
      // Go-live Monday 16 March 2026: planning starts 5 working days before, on Monday 9 March.
      const made = await w.client.templates.apply(template.id, { campaigns: [{ title: `From template ${randomUUID()}`, live_date: '2026-03-16', roles: { Designer: w.userId } }] });
      expect(made.tasks).toBe(3);
      const [c] = made.campaigns;
      expect(c).toMatchObject({ planning_start_date: '2026-03-09', live_date: '2026-03-16', priority: 'high', channels: ['email'], task_summary: { total: 3, open_required: 1 } });
      const tasks = await w.client.tasks.list(c!.id);
      expect(tasks.map((t) => [t.title, t.due_date, t.assignee_id])).toEqual([
        ['Kick-off', '2026-03-09', null],
        ['Design', '2026-03-12', w.userId],
        ['Report', '2026-03-17', null],
      ]);
      const saved = await w.client.templates.fromCampaign({ campaign_id: c!.id, name: `Saved ${randomUUID()}`, roles: { [w.userId]: 'Designer' } });
      expect(saved.tasks.map((t) => [t.offset, t.role])).toEqual([[-5, null], [-2, 'Designer'], [1, null]]);
      expect(saved.planning_offset).toBe(5);
    });
  });

  describe('approvals (docs/adr/0056)', () => {
    // The internal channel's rule is the administrator's own review; no other case goes live on that channel.
    it('should gate Live on a missing approval (409 naming it), then request, approve and go live, each a fact in history that is never reverted', async () => {
      await w.client.approvals.setRule('internal', { mode: 'one', steps: [{ name: 'Brand', reviewer_ids: [w.userId] }] });
      const c = await w.client.campaigns.create(campaign(ownerName(), { channels: ['internal'] }));
      expect((await w.client.approvals.of(c.id)).channels).toMatchObject([{ channel: 'internal', mode: 'one', state: 'not_requested', current_step: null }]);
      // The row carries its approval summary (issue 32), kept the same way by both clients.
      expect(c.approval_summary).toEqual([{ channel: 'internal', state: 'not_requested' }]);
      const refused = await failure(w.client.campaigns.update(c.id, { status: 'live' }));
      expect(refused).toMatchObject({ status: 409, code: 'not_ready', details: [{ path: 'approvals.internal', message: 'Internal: not requested' }] });
      expect(refused.message).toBe('This campaign cannot go live yet: approval missing for Internal (review not requested)');
      expect((await w.client.campaigns.get(c.id)).status).toBe('planning');

      expect((await w.client.approvals.request(c.id, 'Please look')).channels[0]).toMatchObject({ state: 'pending', current_step: 0 });
      expect(await failure(w.client.approvals.decide(c.id, { channel: 'internal', decision: 'changes' }))).toMatchObject({ status: 400, details: [{ path: 'comment' }] });
      const approved = await w.client.approvals.decide(c.id, { channel: 'internal', decision: 'approve' });
      expect(approved).toMatchObject({ missing: null, channels: [{ state: 'approved', steps: [{ name: 'Brand', approved_by: [w.userId], done: true }] }] });
      expect(approved.events.map((e) => e.kind)).toEqual(['request', 'approve']);
      expect(await w.client.campaigns.get(c.id)).toMatchObject({ version: c.version, approval_summary: [{ channel: 'internal', state: 'approved' }] });
      expect(await w.client.campaigns.update(c.id, { status: 'live' })).toMatchObject({ status: 'live' });

      const entries = (await w.client.history.forRow('campaigns', c.id)).entries;
      expect(entries.map((e) => e.action)).toEqual(['update', 'approve', 'review_request', 'create']);
      expect(await failure(w.client.history.revert(entries[1]!.id))).toMatchObject({ status: 400 });
    });

    it('should refuse a reviewer without rights on the channel, naming the field, and keep the rule', async () => {
      const stranger = await w.as([]);
      await w.client.approvals.setRule('internal', { mode: 'one', steps: [{ name: 'Brand', reviewer_ids: [w.userId] }] });
      const refused = await failure(w.client.approvals.setRule('internal', { mode: 'every', steps: [{ name: 'Brand', reviewer_ids: [w.userId, stranger.userId] }] }));
      expect(refused).toMatchObject({ status: 400, details: [{ path: 'steps.0.reviewer_ids.1' }] });
      expect((await w.client.approvals.rules()).find((r) => r.channel === 'internal')).toMatchObject({ mode: 'one' });
    });
  });

  describe('pages', () => {
    it('should walk a filtered list newest first, a full page at a time, each campaign once', async () => {
      const owner = ownerName();
      for (const title of ['A', 'B', 'C', 'D', 'E']) await w.client.campaigns.create(campaign(owner, { title }));
      const first = await w.client.campaigns.page({ owner, limit: 2 });
      expect(first.items.map((c) => c.title)).toEqual(['E', 'D']);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await w.client.campaigns.page({ owner, limit: 2, cursor: first.nextCursor! });
      expect(second.items.map((c) => c.title)).toEqual(['C', 'B']);
      const last = await w.client.campaigns.page({ owner, limit: 2, cursor: second.nextCursor! });
      expect(last).toMatchObject({ items: [{ title: 'A' }], nextCursor: null });
      expect((await w.client.campaigns.list({ owner })).map((c) => c.title)).toEqual(['E', 'D', 'C', 'B', 'A']);
    });

    it('should refuse a cursor it did not hand out, naming it', async () => {
      const bad = await failure(w.client.campaigns.page({ limit: 2, cursor: 'nope' }));
      expect(bad).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(bad.fieldMessage('cursor')).toBeTruthy();
    });
  });

  describe('stats', () => {
    it('should count what the stat and channel cards show, only over the campaigns the caller may read', async () => {
      const owner = ownerName();
      await w.client.campaigns.create(campaign(owner, { status: 'live', channels: ['email', 'social'] }));
      await w.client.campaigns.create(campaign(owner, { channels: ['email'] }));
      await w.client.campaigns.create(campaign(owner, { status: 'completed', scope: 'channel', primary_channel: 'seo' }));

      const stats = await w.client.campaigns.stats({ owner });
      expect(stats).toMatchObject({
        total: 3, global: 2, channel_only: 1, owners: [owner],
        by_status: { planning: 1, 'in-progress': 0, live: 1, completed: 1 },
      });
      expect(stats.by_channel.email).toEqual({ total: 2, global: 2, channel_only: 0, by_status: { planning: 1, 'in-progress': 0, live: 1, completed: 0 } });
      expect(stats.by_channel.seo).toMatchObject({ total: 1, global: 0, channel_only: 1 });
      expect(stats.by_channel.webinars.total).toBe(0);
      expect((await w.client.campaigns.stats({ owner, status: 'live' })).total).toBe(1);

      const seoViewer = await w.as([['channel_view', 'seo']]);
      expect(await seoViewer.client.campaigns.stats({ owner })).toMatchObject({ total: 1, channel_only: 1 });
    });

    it('should refuse an unknown channel in the filter', async () => {
      const bad = await failure(w.client.campaigns.stats({ channel: 'fax' as never }));
      expect(bad).toMatchObject({ status: 400, code: 'validation_failed' });
    });
  });

  describe('saved views', () => {
    it('should save, list, count, rename with a version, delete and restore a personal view', async () => {
      const owner = ownerName();
      await w.client.campaigns.create(campaign(owner, { status: 'live' }));
      await w.client.campaigns.create(campaign(owner));
      const view = await w.client.views.create({ name: 'Live ones', query: `?owner=${encodeURIComponent(owner)}&status=live` });
      expect(view).toMatchObject({
        name: 'Live ones', dashboard: 'global', shared: false, version: 1, created_by: w.userId, created_by_email: w.email,
        query: `owner=${encodeURIComponent(owner)}&status=live`,
      });
      expect(await w.client.views.get(view.id)).toEqual(view);
      expect((await w.client.views.list()).filter((v) => v.created_by === w.userId).map((v) => v.name)).toEqual(['Live ones']);
      expect((await w.client.views.counts()).counts[view.id]).toBe(1);

      const renamed = await w.client.views.update(view.id, { name: 'Live' }, { version: 1 });
      expect(renamed).toMatchObject({ name: 'Live', version: 2 });
      expect(await failure(w.client.views.update(view.id, { name: 'Again' }, { version: 1 }))).toMatchObject({ status: 412, current: { name: 'Live' } });

      await w.client.views.remove(view.id, { version: 2 });
      expect(await failure(w.client.views.get(view.id))).toMatchObject({ status: 404 });
      expect(await w.client.views.restore(view.id)).toMatchObject({ id: view.id, name: 'Live', version: 3 });
    });

    it('should refuse a bad name or query on its field, and a taken name with 409', async () => {
      const blank = await failure(w.client.views.create({ name: ' ', query: '' }));
      expect(blank).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(blank.fieldMessage('name')).toBe('View name is required');
      const dropped = await failure(w.client.views.create({ name: 'Channels tab', dashboard: 'email', query: 'tab=channels' }));
      expect(dropped).toMatchObject({ status: 400 });
      expect(dropped.fieldMessage('query')).toBeTruthy();

      await w.client.views.create({ name: 'Live', query: 'status=live' });
      const taken = await failure(w.client.views.create({ name: 'live', query: '' }));
      expect(taken).toMatchObject({ status: 409, code: 'already_exists' });
      expect(taken.fieldMessage('name')).toBe('A view named “live” already exists');
    });

    it('should show a shared view to others, who may neither change it nor share their own', async () => {
      const name = `Team ${randomUUID().slice(0, 8)}`;
      const shared = await w.client.views.create({ name, query: 'status=live', shared: true });
      const viewer = await w.as([['global_view']]);
      expect((await viewer.client.views.list()).find((v) => v.id === shared.id)).toMatchObject({ name, shared: true, created_by: w.userId });
      expect(await failure(viewer.client.views.remove(shared.id, { version: 1 }))).toMatchObject({ status: 403, code: 'forbidden' });
      expect(await failure(viewer.client.views.create({ name: 'Mine', query: '', shared: true }))).toMatchObject({ status: 403 });
      expect(await viewer.client.views.create({ name: 'Mine', query: 'status=live' })).toMatchObject({ shared: false, created_by: viewer.userId });
    });
  });

  describe('inbox and notification preferences (docs/adr/0060)', () => {
    it('should start with an empty inbox, none unread, nothing to mark, and 404 for an item that is not the caller’s', async () => {
      const someone = await w.as([['global_view']]);
      expect(await someone.client.notifications.page()).toEqual({ items: [], nextCursor: null });
      expect(await someone.client.notifications.unreadCount()).toEqual({ count: 0 });
      expect(await someone.client.notifications.markAllRead()).toEqual({ updated: 0 });
      expect((await failure(someone.client.notifications.markRead(crypto.randomUUID()))).status).toBe(404);
      expect(await failure(someone.client.notifications.page({ cursor: 'nope' }))).toMatchObject({ status: 400, details: [{ path: 'cursor' }] });
    });

    it('should answer the defaults that do not flood, keep a change of one kind, the digest time and zone, and leave the rest', async () => {
      const prefs = await w.client.notifications.prefs();
      expect(prefs).toMatchObject({ digest_time: '08:00', time_zone: 'UTC' });
      expect(prefs.kinds).toMatchObject({ mentioned: 'email', review_requested: 'email', task_assigned: 'digest', campaign_changed: 'digest' });
      const changed = await w.client.notifications.setPrefs({ kinds: { task_assigned: 'email', campaign_changed: 'app' }, digest_time: '17:30', time_zone: 'Europe/Paris' });
      expect(changed).toMatchObject({ digest_time: '17:30', time_zone: 'Europe/Paris' });
      expect(changed.kinds).toMatchObject({ mentioned: 'email', task_assigned: 'email', campaign_changed: 'app' });
      const again = await w.client.notifications.setPrefs({ kinds: { mentioned: 'digest' } });
      expect(again).toMatchObject({ digest_time: '17:30', time_zone: 'Europe/Paris', kinds: { mentioned: 'digest', task_assigned: 'email' } });
      expect(await w.client.notifications.prefs()).toEqual(again);
    });

    it('should refuse a kind or delivery that does not exist, a bad time and a bad zone with a 400 naming the field, and save nothing', async () => {
      const before = await w.client.notifications.prefs();
      expect(await failure(w.client.notifications.setPrefs({ kinds: { foo: 'email' } as never }))).toMatchObject({ status: 400, details: [{ path: 'kinds.foo' }] });
      expect(await failure(w.client.notifications.setPrefs({ kinds: { mentioned: 'pigeon' } as never }))).toMatchObject({ status: 400, details: [{ path: 'kinds.mentioned' }] });
      expect(await failure(w.client.notifications.setPrefs({ time_zone: 'Mars/Olympus' }))).toMatchObject({ status: 400, details: [{ path: 'time_zone' }] });
      expect(await failure(w.client.notifications.setPrefs({ digest_time: '25:00' }))).toMatchObject({ status: 400, details: [{ path: 'digest_time' }] });
      expect(await w.client.notifications.prefs()).toEqual(before);
    });
  });

  describe('stakeholder links', () => {
    const inDays = (n: number) => addDays(todayYmd(), n);
    it('should share a view once, list it without its secret, open it counting a visit, change and revoke it', async () => {
      const view = await w.client.views.create({ name: `Board ${randomUUID().slice(0, 8)}`, query: 'status=live', shared: true });
      const link = await w.client.shareLinks.create(view.id, { expires_on: inDays(30) });
      expect(link).toMatchObject({ view_id: view.id, view_name: view.name, created_by: w.userId, expires_on: inDays(30), has_password: false, visits: 0, expired: false, revoked_at: null });
      expect(link.fields).toEqual(['description', 'details', 'tasks', 'approvals']);
      expect(link.token.startsWith('cad_link_')).toBe(true);
      expect(link.path).toBe(`/shared/${encodeURIComponent(link.token)}`);
      const listed = await w.client.shareLinks.forView(view.id);
      expect(listed.map((l) => l.id)).toEqual([link.id]);
      expect(JSON.stringify(listed)).not.toContain(link.token);
      const opened = await w.client.shareLinks.open(link.token);
      expect(opened).toMatchObject({ view: { name: view.name, dashboard: 'global', query: 'status=live' }, expires_on: inDays(30), shared_by: w.email });
      expect(typeof opened.credential).toBe('string');
      // A page renewing its credential is not a new visit.
      expect(typeof (await w.client.shareLinks.open(link.token, { renew: true })).credential).toBe('string');
      expect((await w.client.shareLinks.list()).find((l) => l.id === link.id)?.visits).toBe(1);
      expect(await w.client.shareLinks.update(link.id, { fields: ['brief'], password: 'for the board' })).toMatchObject({ fields: ['brief'], has_password: true });
      expect(await failure(w.client.shareLinks.open(link.token))).toMatchObject({ status: 401, code: 'password_required' });
      expect(await failure(w.client.shareLinks.open(link.token, { password: 'nope' }))).toMatchObject({ status: 403 });
      expect((await w.client.shareLinks.open(link.token, { password: 'for the board' })).fields).toEqual(['brief']);
      await w.client.shareLinks.revoke(link.id);
      expect(await failure(w.client.shareLinks.open(link.token, { password: 'for the board' }))).toMatchObject({ status: 404 });
      expect((await w.client.shareLinks.forView(view.id)).map((l) => l.id)).toEqual([]);
      expect((await w.client.shareLinks.forView(view.id, { all: true }))[0]?.revoked_at).toBeTruthy();
    });

    it('should refuse an expiry in the past and an unknown field with a 400 naming it, and an unknown view with 404', async () => {
      const view = await w.client.views.create({ name: `Past ${randomUUID().slice(0, 8)}`, query: '' });
      const past = await failure(w.client.shareLinks.create(view.id, { expires_on: inDays(-1) }));
      expect(past).toMatchObject({ status: 400 });
      expect(past.fieldMessage('expires_on')).toBe('The expiry date must not be in the past');
      const field = await failure(w.client.shareLinks.create(view.id, { expires_on: inDays(3), fields: ['budget' as never] }));
      expect(field.details[0]?.path).toBe('fields.0');
      expect(await w.client.shareLinks.forView(view.id, { all: true })).toEqual([]);
      expect((await failure(w.client.shareLinks.create(MISSING_ID, { expires_on: inDays(3) }))).status).toBe(404);
      expect((await failure(w.client.shareLinks.update(MISSING_ID, { fields: [] }))).status).toBe(404);
    });
  });

  describe('baselines (docs/adr/0063)', () => {
    const tick = () => new Promise((r) => setTimeout(r, 15));
    // A year of the test's own, so the shared database's other rows stay out of the range.
    const year = () => 2400 + Math.floor(Math.random() * 500);

    it('should compare the plan at a past moment with the plan now: three moves, an addition, a removal and the summary', async () => {
      const y = year();
      const mk = (title: string, day: string) => w.client.campaigns.create(campaign(ownerName(), { title, planning_start_date: `${y}-05-01`, live_date: `${y}-05-${day}` }));
      const [a, b, c, d] = [await mk('A', '10'), await mk('B', '12'), await mk('C', '14'), await mk('D', '16')];
      await tick();
      const at = new Date().toISOString();
      await tick();
      await w.client.campaigns.update(a.id, { live_date: `${y}-05-11` }, { version: 1 });
      await w.client.campaigns.update(b.id, { live_date: `${y}-05-15` }, { version: 1 });
      await w.client.campaigns.update(c.id, { live_date: `${y}-05-20` }, { version: 1 });
      await w.client.campaigns.remove(d.id, { version: 1 });
      const e = await mk('E', '25');
      const result = await w.client.baselines.compare({ at, from: `${y}-05-01`, to: `${y}-05-31` });
      expect(result.summary).toEqual({ moved: 3, added: 1, removed: 1, median_slip_days: 3 });
      expect(result.campaigns.map((i) => [i.title, i.change, i.slip_days])).toEqual([
        ['A', 'moved', 1], ['B', 'moved', 3], ['D', 'removed', null], ['C', 'moved', 6], ['E', 'added', null],
      ]);
      expect(result.campaigns.find((i) => i.id === e.id)).toMatchObject({ then: null, now: { live_date: `${y}-05-25`, end_date: null } });
      expect(result).toMatchObject({ at, baseline: null, from: `${y}-05-01`, to: `${y}-05-31` });
    });

    it('should save a baseline, compare with it by id, rename it, and refuse a bad one with the field named', async () => {
      const at = new Date(Date.now() - 1000).toISOString();
      const name = `Plan ${randomUUID().slice(0, 8)}`;
      const saved = await w.client.baselines.create({ name, at });
      expect(saved).toMatchObject({ name, at, created_by: w.userId, version: 1 });
      expect((await w.client.baselines.list()).map((b) => b.id)).toContain(saved.id);
      const y = year();
      const compared = await w.client.baselines.compare({ baseline: saved.id, from: `${y}-01-01`, to: `${y}-01-31` });
      expect(compared).toMatchObject({ at, baseline: { id: saved.id, name }, campaigns: [], summary: { moved: 0, added: 0, removed: 0, median_slip_days: null } });
      expect(await w.client.baselines.update(saved.id, { name: `${name} (renamed)` })).toMatchObject({ name: `${name} (renamed)`, at, version: 2 });
      expect(await failure(w.client.baselines.create({ name: name.toUpperCase() + ' (RENAMED)', at }))).toMatchObject({ status: 409, code: 'already_exists' });
      const future = await failure(w.client.baselines.create({ name: 'Later', at: new Date(Date.now() + 86_400_000).toISOString() }));
      expect(future.status).toBe(400);
      expect(future.fieldMessage('at')).toMatch(/future/);
      expect((await failure(w.client.baselines.create({ name: ' ', at }))).fieldMessage('name')).toBeTruthy();
      expect((await failure(w.client.baselines.compare({ at, from: `${y}-02-01`, to: `${y}-01-01` }))).fieldMessage('to')).toBeTruthy();
      const viewer = await w.as([['global_view']]);
      expect(await failure(viewer.client.baselines.create({ name: 'Viewer', at }))).toMatchObject({ status: 403 });
      await w.client.baselines.remove(saved.id);
      expect((await w.client.baselines.list()).map((b) => b.id)).not.toContain(saved.id);
    });
  });

  describe('history', () => {
    it('should log each campaign write with its changes, page by page, newest first', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { live_date: '2026-03-04' }));
      await w.client.campaigns.update(c.id, { live_date: '2026-03-11' }, { version: 1 });
      await w.client.campaigns.update(c.id, { title: 'Tracked!' }, { version: 2 });

      const first = await w.client.history.forRow('campaigns', c.id, { limit: 2 });
      expect(first.entries.map((e) => [e.action, e.changes])).toEqual([
        ['update', { title: { before: 'Spring launch', after: 'Tracked!' } }],
        ['update', { live_date: { before: '2026-03-04', after: '2026-03-11' } }],
      ]);
      expect(first.entries[0]).toMatchObject({ resource: 'campaigns', row_id: c.id, actor: { id: w.userId, email: w.email }, reverts: null });
      expect(first.next_cursor).toEqual(expect.any(String));
      const rest = await w.client.history.forRow('campaigns', c.id, { limit: 2, cursor: first.next_cursor! });
      expect(rest.entries).toMatchObject([{ action: 'create', changes: null, row: null }]);

      expect((await wholeHistory(w.client, { id: c.id, limit: 1 })).map((e) => e.action)).toEqual(['update', 'update', 'create']);
      // A write that changes nothing a user sees still bumps the version, so it is still an entry.
      expect(await w.client.campaigns.update(c.id, { title: 'Tracked!' }, { version: 3 })).toMatchObject({ version: 4 });
      const [unchanged] = (await w.client.history.forRow('campaigns', c.id, { limit: 1 })).entries;
      expect([unchanged!.action, unchanged!.changes]).toEqual(['update', {}]);
      // The activity page: everything this user did, whatever the resource.
      const idea = await w.client.ideas.create({ title: 'Newsletter' });
      expect((await w.client.history.list({ actor: w.userId, limit: 3 })).entries.map((e) => [e.resource, e.action, e.row_id])).toEqual([
        ['ideas', 'create', idea.id], ['campaigns', 'update', c.id], ['campaigns', 'update', c.id],
      ]);
    });

    it('should revert an update (dry run first), then refuse to revert it again with 409', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName(), { live_date: '2026-03-04' }));
      await w.client.campaigns.update(c.id, { live_date: '2026-03-11' }, { version: 1 });
      await w.client.campaigns.update(c.id, { title: 'Tracked!' }, { version: 2 });
      const [, moved] = (await w.client.history.forRow('campaigns', c.id)).entries;

      expect(await w.client.history.revert(moved!.id, { dryRun: true })).toEqual({ plan: { kind: 'update', patch: { live_date: '2026-03-04' } }, row: null, entry_id: null, dry_run: true });
      expect(await failure(w.client.history.revert(moved!.id, { version: 2 }))).toMatchObject({ status: 412, code: 'conflict' });
      const done = await w.client.history.revert(moved!.id, { version: 3 });
      expect(done).toMatchObject({ dry_run: false, row: { live_date: '2026-03-04', title: 'Tracked!', version: 4 } });
      const latest = (await w.client.history.forRow('campaigns', c.id, { limit: 1 })).entries[0]!;
      expect(latest).toMatchObject({ id: done.entry_id, action: 'update', reverts: moved!.id, changes: { live_date: { before: '2026-03-11', after: '2026-03-04' } } });

      const again = await failure(w.client.history.revert(moved!.id));
      expect(again).toMatchObject({ status: 409, code: 'revert_conflict' });
      expect(again.fieldMessage('live_date')).toBeTruthy();
    });

    it('should bring a deleted campaign back with its id, and remove a created one', async () => {
      const c = await w.client.campaigns.create(campaign(ownerName()));
      await w.client.campaigns.remove(c.id, { version: 1 });
      const [deleted, created] = (await w.client.history.forRow('campaigns', c.id)).entries;
      expect(deleted).toMatchObject({ action: 'delete', row: { id: c.id, title: 'Spring launch' } });

      const back = await w.client.history.revert(deleted!.id);
      expect(back).toMatchObject({ plan: { kind: 'recreate' }, row: { id: c.id, title: 'Spring launch', version: 2 } });
      expect(await w.client.campaigns.get(c.id)).toMatchObject({ id: c.id, version: 2 });

      const removed = await w.client.history.revert(created!.id, { version: 2 });
      expect(removed).toMatchObject({ plan: { kind: 'delete' }, row: null });
      expect(await failure(w.client.campaigns.get(c.id))).toMatchObject({ status: 404 });
    });

    it('should answer 404 for an entry that does not exist and 400 for a cursor it did not hand out', async () => {
      expect(await failure(w.client.history.revert('999999999'))).toMatchObject({ status: 404, code: 'not_found' });
      const bad = await failure(w.client.history.list({ cursor: 'nope' }));
      expect(bad).toMatchObject({ status: 400 });
      expect(bad.fieldMessage('cursor')).toBeTruthy();
    });

    // The other rows whose dialogs have a History tab (ideas, publications, ads).
    interface OtherRow {
      resource: HistoryResource;
      make(c: CadenceClient): Promise<{ id: string; version: number } & Record<string, unknown>>;
      change(c: CadenceClient, id: string, version: number): Promise<{ version: number }>;
      field: string;
      after: string;
    }
    const OTHER_ROWS: OtherRow[] = [
      {
        resource: 'ideas', field: 'title', after: 'Weekly newsletter',
        make: (c) => c.ideas.create({ title: 'Newsletter' }),
        change: (c, id, version) => c.ideas.update(id, { title: 'Weekly newsletter' }, { version }),
      },
      {
        resource: 'publications', field: 'name', after: 'Trade monthly',
        make: (c) => c.publications.create({ name: 'Trade weekly' }),
        change: (c, id, version) => c.publications.update(id, { name: 'Trade monthly' }, { version }),
      },
      {
        resource: 'ads', field: 'live_date', after: '2026-03-23',
        make: async (c) => {
          const publication = await c.publications.create({ name: 'Trade weekly' });
          const adType = await c.adTypes.create(publication.id, { ad_type: 'Banner' });
          return c.ads.create({ publication_id: publication.id, ad_type_id: adType.id, due_date: '2026-03-02', live_date: '2026-03-16' });
        },
        change: (c, id, version) => c.ads.update(id, { live_date: '2026-03-23' }, { version }),
      },
    ];
    it.each(OTHER_ROWS)('should log and revert writes to $resource', async ({ resource, make, change, field, after }) => {
      const row = await make(w.client);
      const changed = await change(w.client, row.id, row.version);
      const entries = (await w.client.history.forRow(resource, row.id)).entries;
      expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
      expect(entries[0]).toMatchObject({ resource, row_id: row.id, actor: { id: w.userId }, changes: { [field]: { before: row[field], after } } });
      const done = await w.client.history.revert(entries[0]!.id, { version: changed.version });
      expect(done.row).toMatchObject({ id: row.id, [field]: row[field], version: changed.version + 1 });
    });
  });
});
