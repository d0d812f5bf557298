import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
let admin: string;
let planner: { token: string; userId: string };
let emailOnly: { token: string; userId: string };

const body = (extra: Record<string, unknown> = {}) => ({
  title: 'Spring launch',
  planning_start_date: '2026-03-01',
  live_date: '2026-03-15',
  ...extra,
});

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  planner = await t.signUpAndIn('planner@example.com');
  emailOnly = await t.signUpAndIn('email@example.com');
  await t.grant(admin, planner.userId, ['global_view'], ['global_create']);
  await t.grant(admin, emailOnly.userId, ['channel_view', 'email'], ['channel_create', 'email']);
});
afterAll(async () => t?.close());

describe('create', () => {
  it('should return the row with defaults, created_by from the token and an ETag', async () => {
    const res = await t.api('POST', '/api/campaigns', { token: planner.token, body: body({ channels: ['email', 'social'] }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Spring launch',
      status: 'planning',
      priority: 'medium',
      scope: 'global',
      primary_channel: null,
      channels: ['email', 'social'],
      planning_start_date: '2026-03-01',
      live_date: '2026-03-15',
      end_date: null,
      created_by: planner.userId,
      version: 1,
    });
    expect(res.headers.get('etag')).toBe('"1"');
  });

  it('should refuse created_by, id or version in the body and write nothing', async () => {
    const before = (await t.api('GET', '/api/campaigns', { token: admin })).body.length;
    const res = await t.api('POST', '/api/campaigns', { token: planner.token, body: body({ created_by: emailOnly.userId, id: 'x' }) });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['created_by', 'id']);
    expect((await t.api('GET', '/api/campaigns', { token: admin })).body.length).toBe(before);
  });

  it('should name every missing required field and every malformed one', async () => {
    const res = await t.api('POST', '/api/campaigns', { token: planner.token, body: { live_date: '2026-03-15T00:00:00Z', channels: 'email' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['channels', 'live_date', 'planning_start_date', 'title']);
  });

  it('should refuse dates PostgreSQL cannot store with a 400, never a 500', async () => {
    for (const live_date of ['0000-01-01', '9999-12-31', '1899-12-31']) {
      const res = await t.api('POST', '/api/campaigns', { token: planner.token, body: body({ live_date }) });
      expect(res.status, live_date).toBe(400);
      expect(res.body.error.details[0].path).toBe('live_date');
    }
  });

  it('should persist channel configuration and the creative brief', async () => {
    const brief = {
      summary: 'Why we run it',
      goals: 'Leads',
      audiences: ['Owners', 'Engineers'],
      project_leader: 'Dana',
      project_team_members: ['Luis', 'Aisha'],
      kpis: ['MQLs'],
      deliverables: ['Landing page'],
      landing_page_urls: ['https://example.com/a', 'https://example.com/b'],
      channel_config: {
        email: { email_type: 'newsletter', subject: 'Hello', preheader: 'Hi', segment_criteria: ['EMEA'] },
        events: { venue: 'RAI', capacity: 300, event_type: 'conference', speakers: ['A', 'B'], registration_required: true },
      },
    };
    const created = await t.api('POST', '/api/campaigns', { token: planner.token, body: body({ ...brief, channels: ['email', 'events'] }) });
    const read = await t.api('GET', `/api/campaigns/${created.body.id}`, { token: planner.token });
    expect(read.body).toMatchObject(brief);
  });

  it('should keep a channel campaign to its primary channel, and refuse creating where one may not', async () => {
    const ok = await t.api('POST', '/api/campaigns', {
      token: emailOnly.token,
      body: body({ scope: 'channel', primary_channel: 'email', channels: ['social', 'seo'] }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.channels).toEqual(['email']);
    const denied = await t.api('POST', '/api/campaigns', { token: emailOnly.token, body: body({ scope: 'channel', primary_channel: 'seo' }) });
    expect(denied.status).toBe(403);
    const global = await t.api('POST', '/api/campaigns', { token: emailOnly.token, body: body({ channels: ['email'] }) });
    expect(global.status).toBe(403);
  });
});

describe('list', () => {
  it('should list newest first and hide rows the caller may not read', async () => {
    const nobody = await t.signUpAndIn('nobody@example.com');
    expect((await t.api('GET', '/api/campaigns', { token: nobody.token })).body).toEqual([]);
    const all = (await t.api('GET', '/api/campaigns', { token: admin })).body;
    const created = all.map((c: { created_at: string }) => c.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const emailView = (await t.api('GET', '/api/campaigns', { token: emailOnly.token })).body;
    expect(emailView.length).toBeGreaterThan(0);
    for (const c of emailView) expect(c.channels).toContain('email');
  });

  it('should filter by the visible window, channel, status and scope', async () => {
    const mk = async (title: string, extra: Record<string, unknown>) =>
      (await t.api('POST', '/api/campaigns', { token: admin, body: { title, ...extra } })).body;
    await mk('June only', { planning_start_date: '2027-06-01', live_date: '2027-06-10', end_date: '2027-06-20', channels: ['webinars'] });
    await mk('Ongoing from May', { planning_start_date: '2027-05-01', live_date: '2027-05-10', channels: ['webinars'], status: 'live' });
    await mk('August', { planning_start_date: '2027-08-01', live_date: '2027-08-05', end_date: '2027-08-06', channels: ['webinars', 'seo'] });
    const titles = async (qs: string) =>
      (await t.api('GET', `/api/campaigns?${qs}`, { token: admin })).body.map((c: { title: string }) => c.title).sort();
    // An ongoing campaign (no end date) stays in every window after its live date.
    expect(await titles('channel=webinars&from=2027-07-01&to=2027-07-31')).toEqual(['Ongoing from May']);
    expect(await titles('channel=webinars&from=2027-06-15&to=2027-06-15')).toEqual(['June only', 'Ongoing from May']);
    expect(await titles('channel=webinars&from=2027-01-01&to=2027-04-30')).toEqual([]);
    expect(await titles('channel=seo&from=2027-01-01&to=2027-12-31')).toEqual(['August']);
    expect(await titles('channel=webinars&status=live')).toEqual(['Ongoing from May']);
    expect((await t.api('GET', '/api/campaigns?scope=channel', { token: admin })).body.every((c: { scope: string }) => c.scope === 'channel')).toBe(true);
  });

  it('should refuse a bad filter with a 400 naming the parameter', async () => {
    for (const [qs, param] of [['from=yesterday', 'from'], ['channel=fax', 'channel'], ['status=done', 'status'], ['limit=-1', 'limit'], ['colour=red', 'colour']]) {
      const res = await t.api('GET', `/api/campaigns?${qs}`, { token: admin });
      expect(res.status, qs).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path), qs).toContain(param);
    }
  });
});

describe('update, delete and promote', () => {
  it('should change only the fields sent and bump the version', async () => {
    const c = (await t.api('POST', '/api/campaigns', { token: planner.token, body: body({ description: 'Keep me', owner: 'Dana' }) })).body;
    const res = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: planner.token, body: { status: 'live' }, headers: { 'If-Match': '"1"' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'live', description: 'Keep me', owner: 'Dana', version: 2 });
    expect(res.headers.get('etag')).toBe('"2"');
  });

  it('should give the second of two editors from the same version a 412 with the current row, losing nothing', async () => {
    const c = (await t.api('POST', '/api/campaigns', { token: planner.token, body: body() })).body;
    const first = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: planner.token, body: { title: 'Edited by Ann' }, headers: { 'If-Match': '1' } });
    expect(first.status).toBe(200);
    const second = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin, body: { owner: 'Bob' }, headers: { 'If-Match': '"1"' } });
    expect(second.status).toBe(412);
    expect(second.body.error.code).toBe('conflict');
    expect(second.body.error.current).toMatchObject({ title: 'Edited by Ann', version: 2 });
    const now = (await t.api('GET', `/api/campaigns/${c.id}`, { token: admin })).body;
    expect(now).toMatchObject({ title: 'Edited by Ann', owner: null, version: 2 });
  });

  it('should need the write right before and after a scope change', async () => {
    const c = (await t.api('POST', '/api/campaigns', { token: emailOnly.token, body: body({ scope: 'channel', primary_channel: 'email' }) })).body;
    const move = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: emailOnly.token, body: { primary_channel: 'seo' } });
    expect(move.status).toBe(403);
    const toGlobal = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: emailOnly.token, body: { scope: 'global' } });
    expect(toGlobal.status).toBe(403);
    expect((await t.api('GET', `/api/campaigns/${c.id}`, { token: admin })).body).toMatchObject({ scope: 'channel', primary_channel: 'email' });
  });

  it('should clear the primary channel when an admin moves a campaign to global scope', async () => {
    const c = (await t.api('POST', '/api/campaigns', { token: admin, body: body({ scope: 'channel', primary_channel: 'pr' }) })).body;
    const res = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin, body: { scope: 'global' } });
    expect(res.body).toMatchObject({ scope: 'global', primary_channel: null, channels: ['pr'] });
    const noPrimary = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin, body: { scope: 'channel' } });
    expect(noPrimary.status).toBe(400);
    expect(noPrimary.body.error.details[0].path).toBe('primary_channel');
    const back = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin, body: { scope: 'channel', primary_channel: 'seo' } });
    expect(back.body).toMatchObject({ scope: 'channel', primary_channel: 'seo', channels: ['seo'] });
  });

  it('should delete with 204 and answer 404 afterwards, and 404 for malformed ids', async () => {
    const c = (await t.api('POST', '/api/campaigns', { token: planner.token, body: body() })).body;
    expect((await t.api('DELETE', `/api/campaigns/${c.id}`, { token: planner.token, headers: { 'If-Match': '"1"' } })).status).toBe(204);
    expect((await t.api('GET', `/api/campaigns/${c.id}`, { token: planner.token })).status).toBe(404);
    expect((await t.api('DELETE', '/api/campaigns/not-a-uuid', { token: planner.token })).status).toBe(404);
  });

  it('should let the creator promote a channel-only campaign, and nobody else but an admin', async () => {
    const creator = await t.signUpAndIn('creator@example.com');
    await t.grant(admin, creator.userId, ['global_create'], ['channel_view', 'pr'], ['channel_create', 'pr']);
    const c = (await t.api('POST', '/api/campaigns', { token: creator.token, body: body({ scope: 'channel', primary_channel: 'pr' }) })).body;
    const stranger = await t.signUpAndIn('stranger@example.com');
    await t.grant(admin, stranger.userId, ['global_create'], ['channel_view', 'pr'], ['channel_create', 'pr']);
    expect((await t.api('POST', `/api/campaigns/${c.id}/promote`, { token: stranger.token })).status).toBe(403);
    expect((await t.api('POST', `/api/campaigns/${c.id}/promote`, { token: creator.token, headers: { 'If-Match': '"7"' } })).status).toBe(412);
    const res = await t.api('POST', `/api/campaigns/${c.id}/promote`, { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scope: 'global', primary_channel: null, channels: ['pr'], version: 2 });
  });
});
