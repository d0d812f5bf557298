import { MESSAGES } from '@cadence/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
let admin: string;
let planner: string;
const event = (extra: Record<string, unknown> = {}) => ({
  name: 'WaterTech',
  vertical: ['water'],
  audience: ['engineers'],
  start_date: '2026-06-10',
  end_date: '2026-06-12',
  type: ['exhibit'],
  ...extra,
});
beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  const p = await t.signUpAndIn('events@example.com');
  await t.grant(admin, p.userId, ['channel_view', 'events'], ['channel_create', 'events']);
  planner = p.token;
});
afterAll(async () => t?.close());

it("should require name, a vertical, an audience, both dates and a type with 'Please fill in all required fields'", async () => {
  const res = await t.api('POST', '/api/events', { token: planner, body: { name: 'x', vertical: [], audience: [], type: [] } });
  expect(res.status).toBe(400);
  expect(res.body.error.message).toBe(MESSAGES.requiredFields);
  expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['audience', 'end_date', 'start_date', 'type', 'vertical']);
});

it("should need the free text for the vertical 'other', on create and on edit", async () => {
  expect((await t.api('POST', '/api/events', { token: planner, body: event({ vertical: ['other'] }) })).status).toBe(400);
  const e = (await t.api('POST', '/api/events', { token: planner, body: event() })).body;
  const edit = await t.api('PATCH', `/api/events/${e.id}`, { token: planner, body: { vertical: ['water', 'other'] } });
  expect(edit.status).toBe(400);
  expect(edit.body.error.details[0].path).toBe('vertical_other');
  const ok = await t.api('PATCH', `/api/events/${e.id}`, { token: planner, body: { vertical: ['other'], vertical_other: 'Aviation' } });
  expect(ok.body).toMatchObject({ vertical: ['other'], vertical_other: 'Aviation' });
});

it('should list events by start date and show them on the dashboard with types and audiences', async () => {
  await t.api('POST', '/api/events', { token: planner, body: event({ name: 'Early', start_date: '2026-01-05', end_date: '2026-01-06', type: ['speaking', 'partner'], audience: ['owners'] }) });
  const list = (await t.api('GET', '/api/events', { token: planner })).body;
  expect(list[0].name).toBe('Early');
  expect(list.map((e: { start_date: string }) => e.start_date)).toEqual([...list.map((e: { start_date: string }) => e.start_date)].sort());
  const virtual = (await t.api('GET', '/api/dashboard/virtual', { token: planner })).body;
  const early = virtual.find((v: { title: string }) => v.title === 'Early');
  expect(early).toMatchObject({ channels: ['events'], status: 'live', live_date: '2026-01-05', end_date: '2026-01-06' });
  expect(early.description).toMatch(/speaking, partner/);
  expect(early.description).toMatch(/owners/);
});

it('should keep events away from users without the events right', async () => {
  const other = await t.signUpAndIn('other@example.com');
  expect((await t.api('GET', '/api/events', { token: other.token })).body).toEqual([]);
  expect((await t.api('POST', '/api/events', { token: other.token, body: event() })).status).toBe(403);
});
