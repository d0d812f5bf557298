import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
let admin: string;
let ann: string;
let bob: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  ann = (await t.signUpAndIn('ann@example.com')).token;
  bob = (await t.signUpAndIn('bob@example.com')).token;
});
afterAll(async () => t?.close());

it('should let any signed-in user add ideas, listed newest first, with a trimmed title', async () => {
  const first = await t.api('POST', '/api/ideas', { token: ann, body: { title: '  Podcast tour  ', description: '' } });
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ title: 'Podcast tour', description: null });
  await t.api('POST', '/api/ideas', { token: bob, body: { title: 'ROI calculator' } });
  const list = await t.api('GET', '/api/ideas', { token: ann });
  expect(list.body.map((i: { title: string }) => i.title)).toEqual(['ROI calculator', 'Podcast tour']);
});

it('should refuse a blank title and add nothing', async () => {
  const res = await t.api('POST', '/api/ideas', { token: ann, body: { title: '   ' } });
  expect(res.status).toBe(400);
  expect(res.body.error.details[0].path).toBe('title');
  expect((await t.api('GET', '/api/ideas', { token: ann })).body).toHaveLength(2);
});

it('should let only the author or an admin edit and delete an idea', async () => {
  const idea = (await t.api('POST', '/api/ideas', { token: ann, body: { title: 'Mine' } })).body;
  expect((await t.api('PATCH', `/api/ideas/${idea.id}`, { token: bob, body: { title: 'Hijacked' } })).status).toBe(403);
  expect((await t.api('DELETE', `/api/ideas/${idea.id}`, { token: bob })).status).toBe(403);
  const edited = await t.api('PATCH', `/api/ideas/${idea.id}`, { token: ann, body: { description: 'Details' } });
  expect(edited.body).toMatchObject({ title: 'Mine', description: 'Details', version: 2 });
  expect((await t.api('PATCH', `/api/ideas/${idea.id}`, { token: admin, body: { title: 'Renamed' } })).status).toBe(200);
});

it('should keep comments oldest first, refuse blank ones, and remove them with their idea', async () => {
  const idea = (await t.api('POST', '/api/ideas', { token: ann, body: { title: 'Discuss me' } })).body;
  await t.api('POST', `/api/ideas/${idea.id}/comments`, { token: bob, body: { comment: 'First' } });
  const second = await t.api('POST', `/api/ideas/${idea.id}/comments`, { token: ann, body: { comment: ' Second ' } });
  expect(second.body).toMatchObject({ comment: 'Second', idea_id: idea.id });
  expect((await t.api('POST', `/api/ideas/${idea.id}/comments`, { token: ann, body: { comment: '  ' } })).status).toBe(400);
  const list = await t.api('GET', `/api/ideas/${idea.id}/comments`, { token: bob });
  expect(list.body.map((c: { comment: string }) => c.comment)).toEqual(['First', 'Second']);
  expect((await t.api('DELETE', `/api/comments/${second.body.id}`, { token: bob })).status).toBe(403);
  expect((await t.api('DELETE', `/api/ideas/${idea.id}`, { token: ann })).status).toBe(204);
  const all = await t.api('GET', '/api/comments', { token: admin });
  expect(all.body.filter((c: { idea_id: string }) => c.idea_id === idea.id)).toEqual([]);
  expect((await t.api('GET', `/api/ideas/${idea.id}/comments`, { token: ann })).status).toBe(404);
});
