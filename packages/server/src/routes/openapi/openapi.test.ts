import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

it('should describe every route with its body schema, from the schemas that validate it', async () => {
  const res = await t.api('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.body.openapi).toBe('3.0.3');
  const paths = Object.keys(res.body.paths);
  for (const p of ['/api/campaigns', '/api/campaigns/{id}/promote', '/api/ads', '/api/prospective-publications/import', '/api/users/{id}/role', '/api/auth/signin']) {
    expect(paths).toContain(p);
  }
  const create = res.body.paths['/api/campaigns'].post;
  const schema = create.requestBody.content['application/json'].schema;
  expect(schema.required).toEqual(expect.arrayContaining(['title', 'planning_start_date', 'live_date']));
  expect(schema.additionalProperties).toBe(false);
  expect(create.responses['201']).toBeDefined();
  const list = res.body.paths['/api/campaigns'].get.parameters.map((p: { name: string }) => p.name);
  expect(list).toEqual(expect.arrayContaining(['from', 'to', 'channel', 'status', 'priority', 'scope', 'owner', 'q', 'limit', 'cursor']));
  expect(Object.keys(res.body.paths['/api/campaigns'].get.responses['200'].headers)).toEqual(['X-Next-Cursor']);
  const stats = res.body.paths['/api/campaigns/stats'].get;
  // The list's filters and window (docs/adr/0029), and nothing of its paging.
  expect(stats.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['assignee', 'channel', 'conflicts', 'from', 'overdue', 'owner', 'owner_id', 'priority', 'q', 'scope', 'status', 'to']);
  expect(stats.responses['200'].content['application/json'].schema.required).toEqual(['total', 'by_status', 'global', 'channel_only', 'owners', 'by_channel']);
  const virtual = res.body.paths['/api/dashboard/virtual'].get.parameters.map((p: { name: string }) => p.name).sort();
  expect(virtual).toEqual(['assignee', 'channel', 'conflicts', 'overdue', 'owner', 'owner_id', 'priority', 'q', 'scope', 'status']);
  // Every import route takes the file types, and no JSON.
  for (const kind of ['prospective-publications', 'campaigns', 'events']) {
    const upload = res.body.paths[`/api/${kind}/import`].post;
    expect(Object.keys(upload.requestBody.content)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'multipart/form-data',
    ]);
    expect(upload.responses['200'].content['application/json'].schema.required).toEqual(['rows', 'imported', 'skipped']);
  }
  // Baselines (docs/adr/0063): the comparison's query, and a saved baseline's body.
  const compare = res.body.paths['/api/campaigns/compare'].get;
  expect(compare.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['at', 'baseline', 'from', 'to']);
  expect(compare.responses['200'].content['application/json'].schema.required).toEqual(expect.arrayContaining(['campaigns', 'summary']));
  expect(res.body.paths['/api/baselines'].post.requestBody.content['application/json'].schema.required).toEqual(['name', 'at']);
  // The inbox (docs/adr/0060): its pages, the preferences' body, and the one-click unsubscribe's form post.
  expect(Object.keys(res.body.paths['/api/notifications'].get.responses['200'].headers)).toEqual(['X-Next-Cursor']);
  const prefs = res.body.paths['/api/notification-preferences'].put.requestBody.content['application/json'].schema;
  expect(Object.keys(prefs.properties).sort()).toEqual(['digest_time', 'kinds', 'time_zone']);
  expect(Object.keys(res.body.paths['/api/notifications/unsubscribe'].post.requestBody.content)).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data']);
});

it("should document the caller's principal on GET /api/auth/user beside the older fields", async () => {
  const res = await t.api('GET', '/api/openapi.json');
  const ok = res.body.paths['/api/auth/user'].get.responses['200'];
  const schema = ok.content['application/json'].schema;
  expect(schema.required).toEqual(expect.arrayContaining(['user', 'role', 'permissions', 'abilities', 'principal']));
  expect(Object.keys(schema.properties.principal.properties).sort()).toEqual(['channels', 'key', 'permissions', 'read_only', 'role', 'user_id', 'view']);
});
