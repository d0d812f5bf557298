import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * `GET /api/calendar.ics?tasks=todo|event` (docs/adr/0049): the tasks of the campaigns the key may
 * read, as VTODOs (DUE date, STATUS) or all-day VEVENTs on their due dates, parsed with ical.js.
 */

let t: TestServer;
let admin: { token: string; userId: string };
let seoOnly: { token: string; userId: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@ics.test');
  seoOnly = await t.signUpAndIn('seo@ics.test');
  await t.grant(admin.token, seoOnly.userId, ['channel_view', 'seo']);
  const campaign = async (title: string, extra: Record<string, unknown>) =>
    (await t.api('POST', '/api/campaigns', { token: admin.token, body: { title, planning_start_date: '2026-03-01', live_date: '2026-03-20', ...extra } })).body.id as string;
  ids.email = await campaign('Email spring', { scope: 'channel', primary_channel: 'email' });
  ids.seo = await campaign('SEO sprint', { scope: 'channel', primary_channel: 'seo' });
  const task = async (campaignId: string, body: Record<string, unknown>) => {
    const res = await t.api('POST', `/api/campaigns/${campaignId}/tasks`, { token: admin.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await task(ids.email, { title: 'Write copy', due_date: '2026-03-10' });
  await task(ids.email, { title: 'Brief, agency; done', due_date: '2026-03-05', status: 'done' });
  await task(ids.email, { title: 'Someday', status: 'in_progress' });
  await task(ids.seo, { title: 'Audit', due_date: '2026-03-31' });
});
afterAll(async () => t?.close());

async function key(token: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.api('POST', '/api/access-keys', { token, body: { name: `Feed ${Math.random()}`, read_only: true, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.secret;
}
const feed = async (query: string) => {
  const res = await fetch(`${t.url}/api/calendar.ics?${query}`);
  return { status: res.status, text: await res.text() };
};
const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

describe('calendar.ics with tasks', () => {
  it('should add the tasks as to-dos with their due date and status (tasks=todo)', async () => {
    const { status, text } = await feed(`key=${await key(admin.token)}&tasks=todo`);
    expect(status).toBe(200);
    const cal = parse(text);
    const todos = cal.getAllSubcomponents('vtodo');
    const bySummary = Object.fromEntries(todos.map((v) => [v.getFirstPropertyValue('summary'), v]));
    expect(Object.keys(bySummary).sort()).toEqual(['Audit (SEO sprint)', 'Brief, agency; done (Email spring)', 'Someday (Email spring)', 'Write copy (Email spring)']);
    const copy = bySummary['Write copy (Email spring)']!;
    const due = copy.getFirstPropertyValue('due') as ICAL.Time;
    expect(due.isDate).toBe(true);
    expect(due.toString()).toBe('2026-03-10');
    expect(copy.getFirstPropertyValue('status')).toBe('NEEDS-ACTION');
    const done = bySummary['Brief, agency; done (Email spring)']!;
    expect(done.getFirstPropertyValue('status')).toBe('COMPLETED');
    expect(done.getFirstPropertyValue('completed')).toBeTruthy();
    expect(bySummary['Someday (Email spring)']!.getFirstPropertyValue('due')).toBeNull();
    expect(bySummary['Someday (Email spring)']!.getFirstPropertyValue('status')).toBe('IN-PROCESS');
    // The campaigns are still there as events, and nothing else is.
    expect(cal.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('summary')).sort()).toEqual(['Email spring', 'SEO sprint']);
  });

  it('should add the dated tasks as all-day events on their due dates (tasks=event)', async () => {
    const { text } = await feed(`key=${await key(admin.token)}&tasks=event`);
    const events = parse(text).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const copy = events.find((e) => e.summary === 'Write copy (Email spring)')!;
    expect(copy.startDate.isDate).toBe(true);
    expect(copy.startDate.toString()).toBe('2026-03-10');
    expect(copy.endDate.toString()).toBe('2026-03-11');
    expect(events.map((e) => e.summary).sort()).toEqual(['Audit (SEO sprint)', 'Brief, agency; done (Email spring)', 'Email spring', 'SEO sprint', 'Write copy (Email spring)']);
  });

  it('should carry no tasks without the parameter, and only those of campaigns the key reads', async () => {
    expect((await feed(`key=${await key(admin.token)}`)).text).not.toContain('VTODO');
    const { text } = await feed(`key=${await key(admin.token, { channels: ['seo'] })}&tasks=todo`);
    expect(parse(text).getAllSubcomponents('vtodo').map((v) => v.getFirstPropertyValue('summary'))).toEqual(['Audit (SEO sprint)']);
  });

  it('should give a key bound to a saved view its campaigns but no tasks', async () => {
    const view = (await t.api('POST', '/api/views', { token: admin.token, body: { name: 'Email', query: 'channel=email', shared: true } })).body;
    const { status, text } = await feed(`key=${await key(admin.token, { view_id: view.id })}&tasks=todo`);
    expect(status).toBe(200);
    expect(text).toContain('SUMMARY:Email spring');
    expect(text).not.toContain('VTODO');
  });

  it('should refuse an unknown mode naming the parameter', async () => {
    const res = await fetch(`${t.url}/api/calendar.ics?key=${await key(admin.token)}&tasks=all`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('tasks');
  });
});
