import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';

// Approvals per channel and the go-live gate (docs/adr/0056): rules, requests, decisions in steps,
// "review again", the gate on every path and the administrator's override, history and revert.

let t: TestServer;
let admin: { token: string; userId: string };
/** Legal: reads email campaigns only. */
let legal: { token: string; userId: string };
/** Brand: reads everything. */
let brand: { token: string; userId: string };
/** Writes email campaigns; requests reviews. */
let editor: { token: string; userId: string };
/** Reads social only: may not review email. */
let outsider: { token: string; userId: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@approvals.test');
  legal = await t.signUpAndIn('legal@approvals.test');
  brand = await t.signUpAndIn('brand@approvals.test');
  editor = await t.signUpAndIn('editor@approvals.test');
  outsider = await t.signUpAndIn('outsider@approvals.test');
  await t.grant(admin.token, legal.userId, ['channel_view', 'email']);
  await t.grant(admin.token, brand.userId, ['global_view']);
  await t.grant(admin.token, editor.userId, ['global_view'], ['global_create'], ['channel_view', 'email'], ['channel_create', 'email']);
  await t.grant(admin.token, outsider.userId, ['channel_view', 'social']);
  const rule = await t.api('PUT', '/api/approval-rules/email', {
    token: admin.token,
    body: { mode: 'every', steps: [{ name: 'Legal', reviewer_ids: [legal.userId] }, { name: 'Brand', reviewer_ids: [brand.userId] }] },
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
});
afterAll(async () => t?.close());

async function campaign(body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await t.api('POST', '/api/campaigns', {
    token: editor.token,
    body: { title: `Launch ${++serial}`, planning_start_date: '2026-03-01', live_date: '2026-03-20', channels: ['email'], summary: 'Spring launch', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const request = (id: string, token = editor.token) => t.api('POST', `/api/campaigns/${id}/review-requests`, { token, body: { comment: 'Ready for you' } });
const decide = (id: string, who: { token: string }, decision: 'approve' | 'changes', comment?: string) =>
  t.api('POST', `/api/campaigns/${id}/review-decisions`, { token: who.token, body: { channel: 'email', decision, ...(comment ? { comment } : {}) } });
const makeLive = (id: string) => t.api('PATCH', `/api/campaigns/${id}`, { token: editor.token, body: { status: 'live' } });
const historyOf = async (id: string) => (await t.api('GET', `/api/campaigns/${id}/history`, { token: admin.token })).body.entries as Array<Record<string, any>>;

describe('approval rules', () => {
  it('should list every channel, with the reviewers of each step by e-mail', async () => {
    const res = await t.api('GET', '/api/approval-rules', { token: editor.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(12);
    expect(res.body.find((r: any) => r.channel === 'email')).toMatchObject({
      mode: 'every',
      steps: [{ name: 'Legal', reviewer_emails: ['legal@approvals.test'] }, { name: 'Brand', reviewer_emails: ['brand@approvals.test'] }],
    });
    expect(res.body.find((r: any) => r.channel === 'social')).toMatchObject({ mode: 'none', steps: [] });
  });

  it('should refuse a reviewer without rights on the channel, naming the field, and save nothing', async () => {
    const res = await t.api('PUT', '/api/approval-rules/email', { token: admin.token, body: { mode: 'one', steps: [{ name: 'Legal', reviewer_ids: [legal.userId, outsider.userId] }] } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'steps.0.reviewer_ids.1', message: 'outsider@approvals.test may not see Email campaigns, so cannot review them' }]);
    const bad = await t.api('PUT', '/api/approval-rules/email', { token: admin.token, body: { mode: 'one', steps: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('steps');
    expect((await t.api('PUT', '/api/approval-rules/nowhere', { token: admin.token, body: { mode: 'none' } })).status).toBe(404);
    const rules = (await t.api('GET', '/api/approval-rules', { token: admin.token })).body;
    expect(rules.find((r: any) => r.channel === 'email').mode).toBe('every');
  });

  it('should leave rules to administrators, each change an entry of the administrators\' history that is never reverted', async () => {
    expect((await t.api('PUT', '/api/approval-rules/email', { token: editor.token, body: { mode: 'none' } })).status).toBe(403);
    await t.grant(admin.token, legal.userId, ['channel_view', 'pr']);
    const set = await t.api('PUT', '/api/approval-rules/pr', { token: admin.token, body: { mode: 'one', steps: [{ name: 'Brand', reviewer_ids: [legal.userId] }] } });
    expect(set.status).toBe(200);
    expect((await t.api('PUT', '/api/approval-rules/pr', { token: admin.token, body: { mode: 'none' } })).status).toBe(200);
    const { entries } = (await t.api('GET', '/api/history?resource=approval-rules', { token: admin.token })).body;
    expect(entries.slice(0, 2).map((e: any) => [e.row_id, e.action, e.actor?.id])).toEqual([['pr', 'update', admin.userId], ['pr', 'create', admin.userId]]);
    expect(entries[0].changes.mode).toEqual({ before: 'one', after: 'none' });
    expect((await t.api('GET', '/api/history?resource=approval-rules', { token: editor.token })).body.entries).toEqual([]);
    expect((await t.api('POST', `/api/history/${entries[0].id}/revert`, { token: admin.token })).status).toBe(400);
  });
});

describe('request review, decisions in steps, and the gate', () => {
  it('should go from waiting to approved step by step, and let the campaign go live only then', async () => {
    const c = await campaign();
    expect((await t.api('GET', `/api/campaigns/${c.id}/approvals`, { token: editor.token })).body.channels).toMatchObject([{ channel: 'email', state: 'not_requested' }]);

    const gated = await makeLive(c.id);
    expect(gated.status).toBe(409);
    expect(gated.body.error).toMatchObject({ code: 'not_ready', details: [{ path: 'approvals.email', message: 'Email: not requested' }] });
    expect(gated.body.error.message).toContain('approval missing for Email');

    const sentBefore = t.services.mailer.sent.length;
    const requested = await request(c.id);
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    expect(requested.body.channels[0]).toMatchObject({ state: 'pending', current_step: 0 });
    // The first step's reviewers are notified: in their inbox, and by mail (their default) once the mail task has run (docs/adr/0060).
    await t.services.background.drain();
    expect(t.services.mailer.sent.slice(sentBefore).filter((m) => m.subject.includes('asked for your review')).map((m) => m.to)).toEqual(['legal@approvals.test']);

    // Brand waits for Legal; a stranger is no reviewer.
    expect((await decide(c.id, brand, 'approve')).body.error).toMatchObject({ code: 'not_ready', message: 'Waiting for the Legal step first' });
    expect((await decide(c.id, outsider, 'approve')).status).toBe(404);
    expect((await decide(c.id, editor, 'approve')).status).toBe(403);

    expect((await decide(c.id, legal, 'changes')).body.error.details).toEqual([{ path: 'comment', message: 'Say what should change' }]);
    expect((await decide(c.id, legal, 'changes', 'Add the terms')).body.channels[0].state).toBe('changes_requested');
    expect((await decide(c.id, legal, 'approve')).body.channels[0]).toMatchObject({ state: 'pending', current_step: 1 });
    expect((await makeLive(c.id)).status).toBe(409);
    const approved = await decide(c.id, brand, 'approve', 'Looks good');
    expect(approved.body.channels[0].state).toBe('approved');
    expect(approved.body.missing).toBeNull();

    const live = await makeLive(c.id);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body.status).toBe('live');
  });

  it('should return an approval to "review again" when dates, brief or channels change after it', async () => {
    const c = await campaign();
    await request(c.id);
    await decide(c.id, legal, 'approve');
    await decide(c.id, brand, 'approve');
    expect((await t.api('PATCH', `/api/campaigns/${c.id}`, { token: editor.token, body: { title: 'Renamed' } })).status).toBe(200);
    expect((await t.api('GET', `/api/campaigns/${c.id}/approvals`, { token: editor.token })).body.channels[0].state).toBe('approved');
    expect((await t.api('PATCH', `/api/campaigns/${c.id}`, { token: editor.token, body: { live_date: '2026-03-21' } })).status).toBe(200);
    const again = (await t.api('GET', `/api/campaigns/${c.id}/approvals`, { token: editor.token })).body;
    expect(again.channels[0]).toMatchObject({ state: 'review_again', current_step: 0 });
    const refused = await makeLive(c.id);
    expect(refused.body.error.details).toEqual([{ path: 'approvals.email', message: 'Email: review again' }]);
  });

  it('should hold a campaign back while a required task is open, naming the tasks', async () => {
    const c = await campaign({ channels: ['social'] });
    const task = (await t.api('POST', `/api/campaigns/${c.id}/tasks`, { token: editor.token, body: { title: 'Sign-off', required: true } })).body;
    const refused = await makeLive(c.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([{ path: 'tasks', message: '1 required task is open' }]);
    await t.api('PATCH', `/api/tasks/${task.id}`, { token: editor.token, body: { status: 'done' } });
    expect((await makeLive(c.id)).status).toBe(200);
  });

  it('should gate a create, an import and the go-live route too, and nothing is saved', async () => {
    const created = await t.api('POST', '/api/campaigns', { token: editor.token, body: { title: 'Straight to live', planning_start_date: '2026-03-01', live_date: '2026-03-02', channels: ['email'], status: 'live' } });
    expect(created.status).toBe(409);
    const csv = 'title,planning_start_date,live_date,channels,status\nImported live,2026-03-01,2026-03-05,email,live\n';
    const imported = await t.api('POST', '/api/campaigns/import', { token: admin.token, raw: csv, headers: { 'Content-Type': 'text/csv' } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(409);
    expect(imported.body.error.message).toContain('Imported live');
    // A dry run says the same, naming every line that would go live without its approval.
    const twoLive = `${csv}Planned,2026-03-01,2026-03-06,email,planning\nAlso live,2026-03-01,2026-03-07,email,live\n`;
    const dry = await t.api('POST', '/api/campaigns/import?dry_run=true', { token: admin.token, raw: twoLive, headers: { 'Content-Type': 'text/csv' } });
    expect(dry.status, JSON.stringify(dry.body)).toBe(409);
    expect(dry.body.error.message).toMatch(/^Line 2, "Imported live": .*\(and 1 more line\)$/);
    expect(dry.body.error.details.map((d: { path: string }) => d.path)).toEqual(['line 2.status', 'line 4.status']);
    const all = (await t.api('GET', '/api/campaigns', { token: admin.token })).body as Array<{ title: string }>;
    expect(all.map((x) => x.title)).not.toContain('Straight to live');
    expect(all.map((x) => x.title)).not.toContain('Imported live');
    const c = await campaign();
    expect((await t.api('POST', `/api/campaigns/${c.id}/go-live`, { token: editor.token, body: {} })).status).toBe(409);
  });

  it('should let an administrator override with a reason, kept in history, and nobody else', async () => {
    const c = await campaign();
    const notAdmin = await t.api('POST', `/api/campaigns/${c.id}/go-live`, { token: editor.token, body: { override_reason: 'Deadline' } });
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.body.error.details[0].path).toBe('override_reason');
    expect((await t.api('POST', `/api/campaigns/${c.id}/go-live`, { token: admin.token, body: { override_reason: '   ' } })).status).toBe(400);
    const res = await t.api('POST', `/api/campaigns/${c.id}/go-live`, { token: admin.token, body: { override_reason: 'Legal approved by phone' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('live');
    const entries = await historyOf(c.id);
    const override = entries.find((e) => e.action === 'override')!;
    expect(override.actor).toMatchObject({ id: admin.userId });
    expect(override.changes.override.after).toEqual({ reason: 'Legal approved by phone' });
    expect((await t.api('GET', `/api/campaigns/${c.id}/approvals`, { token: editor.token })).body.events.at(-1)).toMatchObject({ kind: 'override', comment: 'Legal approved by phone' });
  });
});

describe('history of a review', () => {
  it('should keep every request and decision with its actor, refuse to revert them, and gate a revert to Live', async () => {
    const c = await campaign();
    await request(c.id);
    await decide(c.id, legal, 'approve');
    const entries = await historyOf(c.id);
    const actions = entries.map((e) => [e.action, e.actor?.id]);
    expect(actions).toEqual(expect.arrayContaining([['review_request', editor.userId], ['approve', legal.userId]]));
    const decision = entries.find((e) => e.action === 'approve')!;
    const revert = await t.api('POST', `/api/history/${decision.id}/revert`, { token: admin.token });
    expect(revert.status).toBe(400);
    expect(revert.body.error.message).toContain('a fact, not a field');

    // An override to Live, then back to planning: reverting that puts it Live, through the gate.
    await t.api('POST', `/api/campaigns/${c.id}/go-live`, { token: admin.token, body: { override_reason: 'Launch day' } });
    await t.api('PATCH', `/api/campaigns/${c.id}`, { token: admin.token, body: { status: 'planning' } });
    const back = (await historyOf(c.id)).find((e) => e.action === 'update' && e.changes?.status?.after === 'planning')!;
    expect((await t.api('POST', `/api/history/${back.id}/revert`, { token: admin.token })).status).toBe(409);

    // Deleted while Live: its reviews went with it, so bringing it back Live is gated too, dry run included.
    expect((await t.api('POST', `/api/campaigns/${c.id}/go-live`, { token: admin.token, body: { override_reason: 'Launch day, again' } })).status).toBe(200);
    expect((await t.api('DELETE', `/api/campaigns/${c.id}`, { token: admin.token })).status).toBe(204);
    const deleted = (await historyOf(c.id)).find((e) => e.action === 'delete')!;
    const dry = await t.api('POST', `/api/history/${deleted.id}/revert?dry_run=true`, { token: admin.token });
    expect(dry.status, JSON.stringify(dry.body)).toBe(409);
    const restore = await t.api('POST', `/api/history/${deleted.id}/revert`, { token: admin.token });
    expect(restore.status).toBe(409);
    expect(restore.body.error.code).toBe('not_ready');
    expect((await t.api('GET', `/api/campaigns/${c.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe('the approval summary on the campaign row', () => {
  const summaryOf = async (id: string) => (await t.api('GET', `/api/campaigns/${id}`, { token: editor.token })).body as Record<string, any>;

  it('should follow a request, each decision and a change of the approved fields, without moving the version', async () => {
    const c = await campaign();
    expect(c.approval_summary).toEqual([{ channel: 'email', state: 'not_requested' }]);
    expect((await campaign({ channels: ['social'] })).approval_summary).toBeNull();
    await request(c.id);
    expect(await summaryOf(c.id)).toMatchObject({ version: 1, approval_summary: [{ channel: 'email', state: 'pending' }] });
    await decide(c.id, legal, 'changes', 'Fix the footer');
    expect(await summaryOf(c.id)).toMatchObject({ version: 1, approval_summary: [{ channel: 'email', state: 'changes_requested' }] });
    await request(c.id);
    await decide(c.id, legal, 'approve');
    await decide(c.id, brand, 'approve');
    expect(await summaryOf(c.id)).toMatchObject({ version: 1, approval_summary: [{ channel: 'email', state: 'approved' }] });
    // An edit opened before all this still applies (no 412): a title is no approved field.
    const renamed = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: editor.token, body: { title: 'Renamed' }, headers: { 'if-match': '"1"' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.approval_summary).toEqual([{ channel: 'email', state: 'approved' }]);
    const moved = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: editor.token, body: { live_date: '2026-03-22' } });
    expect(moved.body.approval_summary).toEqual([{ channel: 'email', state: 'review_again' }]);
    const dropped = await t.api('PATCH', `/api/campaigns/${c.id}`, { token: editor.token, body: { channels: ['social'] } });
    expect(dropped.body.approval_summary).toBeNull();
    // The summary is no field of the update's history entry (a revert must not write it back).
    const entry = (await historyOf(c.id)).find((e) => e.action === 'update' && e.changes?.channels);
    expect(Object.keys(entry!.changes)).not.toContain('approval_summary');
    // The summary is the server's.
    expect((await t.api('PATCH', `/api/campaigns/${c.id}`, { token: editor.token, body: { approval_summary: null } })).status).toBe(400);
  });

  it('should follow a rule change on every campaign of the channel, and reach subscribers as a campaign change of the same version', async () => {
    await t.grant(admin.token, legal.userId, ['channel_view', 'website']);
    const c = await campaign({ channels: ['email', 'website'] });
    expect(c.approval_summary).toEqual([{ channel: 'email', state: 'not_requested' }]);
    const socket = await subscribedSocket(t.url, brand.token, 'campaigns');
    try {
      const set = await t.api('PUT', '/api/approval-rules/website', { token: admin.token, body: { mode: 'one', steps: [{ name: 'Legal', reviewer_ids: [legal.userId] }] } });
      expect(set.status).toBe(200);
      const change = await socket.waitFor((m) => m.type === 'change' && m.row?.id === c.id && (m.row.approval_summary ?? []).length === 2);
      expect(change.op).toBe('update');
      expect(change.row).toMatchObject({ version: 1, approval_summary: [{ channel: 'email', state: 'not_requested' }, { channel: 'website', state: 'not_requested' }] });
      await request(c.id);
      const pending = await socket.waitFor((m) => m.type === 'change' && m.row?.id === c.id && m.row.approval_summary?.[0]?.state === 'pending');
      expect(pending.row.version).toBe(1);
    } finally {
      socket.ws.close();
      await t.api('PUT', '/api/approval-rules/website', { token: admin.token, body: { mode: 'none' } });
    }
    expect((await summaryOf(c.id)).approval_summary).toEqual([{ channel: 'email', state: 'pending' }]);
  });

  it('should be set by an import, and follow a revert of the approved fields and of a delete', async () => {
    const csv = 'title,planning_start_date,live_date,channels\nImported for review,2026-03-01,2026-03-05,email\n';
    const imported = await t.api('POST', '/api/campaigns/import', { token: admin.token, raw: csv, headers: { 'Content-Type': 'text/csv' } });
    expect(imported.status, JSON.stringify(imported.body)).toBeLessThan(300);
    const row = ((await t.api('GET', '/api/campaigns', { token: admin.token })).body as Array<Record<string, any>>).find((x) => x.title === 'Imported for review');
    expect(row!.approval_summary).toEqual([{ channel: 'email', state: 'not_requested' }]);

    const c = await campaign();
    await request(c.id);
    await decide(c.id, legal, 'approve');
    await decide(c.id, brand, 'approve');
    await t.api('PATCH', `/api/campaigns/${c.id}`, { token: editor.token, body: { live_date: '2026-03-23' } });
    expect((await summaryOf(c.id)).approval_summary).toEqual([{ channel: 'email', state: 'review_again' }]);
    // Reverting the date change brings back the values the reviewers approved.
    const entry = (await historyOf(c.id)).find((e) => e.action === 'update' && e.changes?.live_date);
    const reverted = await t.api('POST', `/api/history/${entry!.id}/revert`, { token: admin.token });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect((await summaryOf(c.id)).approval_summary).toEqual([{ channel: 'email', state: 'approved' }]);
    // Deleted and brought back: its reviews went with it.
    expect((await t.api('DELETE', `/api/campaigns/${c.id}`, { token: admin.token })).status).toBe(204);
    const gone = (await historyOf(c.id)).find((e) => e.action === 'delete');
    expect((await t.api('POST', `/api/history/${gone!.id}/revert`, { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', `/api/campaigns/${c.id}`, { token: admin.token })).body.approval_summary).toEqual([{ channel: 'email', state: 'not_requested' }]);
  });
});
