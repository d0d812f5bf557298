import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
let admin: string;
let campaignId: string;
const ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  const created = await t.api('POST', '/api/campaigns', {
    token: admin,
    body: { title: 'Spring launch', planning_start_date: '2026-03-01', live_date: '2026-03-04', channels: ['email'] },
  });
  campaignId = created.body.id;
});
afterAll(async () => t?.close());

/** Bodies a script might send by mistake: curl's default form encoding, multipart, XML, text, bytes, or no type at all. */
const WRONG_BODIES: Array<{ name: string; type?: string; body: string }> = [
  { name: 'form', type: 'application/x-www-form-urlencoded', body: 'title=x' },
  { name: 'multipart', type: 'multipart/form-data; boundary=b', body: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--b--\r\n' },
  { name: 'xml', type: 'application/xml', body: '<title>x</title>' },
  { name: 'text', type: 'text/plain', body: 'hello' },
  { name: 'csv', type: 'text/csv', body: 'title\nx\n' },
  { name: 'octet-stream', type: 'application/octet-stream', body: 'title=x' },
  { name: 'no Content-Type', body: 'title=x' },
];

const send = (method: string, path: string, wrong: (typeof WRONG_BODIES)[number]) =>
  fetch(`${t.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${admin}`, ...(wrong.type ? { 'Content-Type': wrong.type } : {}) },
    // A Blob without a type keeps fetch from adding text/plain on its own.
    body: wrong.type ? wrong.body : new Blob([wrong.body]),
  });

describe('bodies that are not JSON', () => {
  it('should answer 415 on every POST, PUT and PATCH route that takes JSON, naming application/json', async () => {
    const doc = (await t.api('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, any>> };
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const accepts = Object.keys(op.requestBody?.content ?? {});
        const url = path.replace(/\{\w+\}/g, ID);
        for (const wrong of WRONG_BODIES) {
          const mediaType = wrong.type?.split(';')[0];
          if (mediaType && accepts.includes(mediaType)) continue; // a file route taking this type
          const res = await send(method.toUpperCase(), url, wrong);
          const label = `${method.toUpperCase()} ${path} with ${wrong.name}`;
          expect(res.status, label).toBe(415);
          const body = (await res.json()) as { error: { code: string; message: string } };
          expect(body.error.code, label).toBe('unsupported_media_type');
          if (accepts.length) expect(body.error.message, label).toContain(accepts[0]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('should change nothing when a PATCH is not JSON', async () => {
    const before = await t.api('GET', `/api/campaigns/${campaignId}`, { token: admin });
    for (const wrong of WRONG_BODIES) {
      expect((await send('PATCH', `/api/campaigns/${campaignId}`, wrong)).status).toBe(415);
    }
    const after = await t.api('GET', `/api/campaigns/${campaignId}`, { token: admin });
    expect(after.body).toEqual(before.body);
  });

  it('should still take JSON with a charset, and a body-less POST on a route that reads no body', async () => {
    const res = await fetch(`${t.url}/api/campaigns/${campaignId}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ title: 'Spring launch 2' }),
    });
    expect(res.status).toBe(200);
    const signOut = await fetch(`${t.url}/api/auth/signout`, { method: 'POST', headers: { Authorization: `Bearer ${(await t.signUpAndIn('leaving@example.com')).token}` } });
    expect(signOut.status).toBe(204);
  });
});

describe('JSON of the wrong shape', () => {
  it('should say that an object was expected when the body is a string, a number, an array or null', async () => {
    for (const raw of ['"hello"', '42', '[1,2]', 'null', 'true']) {
      const res = await t.api('PATCH', `/api/campaigns/${campaignId}`, { token: admin, raw, headers: { 'Content-Type': 'application/json' } });
      expect(res.status, raw).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.message, raw).toMatch(/^Request body: must be an object/);
      expect(res.body.error.details[0].path).toBe('body');
    }
  });

  it('should answer a prospective publication sent as text/plain with 415 and a JSON string with a 400, never a 500', async () => {
    const text = await fetch(`${t.url}/api/prospective-publications`, {
      method: 'POST', headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'text/plain' }, body: 'hello',
    });
    expect(text.status).toBe(415);
    const csv = await fetch(`${t.url}/api/prospective-publications`, {
      method: 'POST', headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'text/csv' }, body: 'name\nx\n',
    });
    expect(csv.status).toBe(415);
    const string = await t.api('POST', '/api/prospective-publications', { token: admin, raw: '"hello"', headers: { 'Content-Type': 'application/json' } });
    expect(string.status).toBe(400);
    expect(string.body.error.message).toMatch(/must be a JSON object/);
    expect(string.body.error.message).not.toMatch(/not valid JSON/);
  });
});

describe('file routes', () => {
  it('should answer a multipart body that does not parse with a 400, never a 500', async () => {
    for (const path of ['/api/prospective-publications/import', '/api/storage/ad-type-examples']) {
      const res = await fetch(`${t.url}${path}`, {
        method: 'POST', headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'multipart/form-data; boundary=fuzz' }, body: 'title=x&<a>b</a>',
      });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
  });
});

describe('messages people can read', () => {
  it('should name the field and say what is wrong in plain words', async () => {
    const res = await t.api('POST', '/api/campaigns', {
      token: admin,
      body: { title: 'Launch', planning_start_date: '2026-03-01', live_date: '2026-03-04', channels: ['email'], priority: 'urgent', budget: 5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Priority: must be one of "low", "medium", "high"');
    expect(res.body.error.details).toEqual([
      { path: 'priority', message: 'Must be one of "low", "medium", "high"' },
      { path: 'budget', message: 'Unknown field' },
    ]);

    const dates = await t.api('POST', '/api/campaigns', { token: admin, body: { title: 'Launch', planning_start_date: '2026-02-30', live_date: '2026-03-04', channels: ['email'] } });
    expect(dates.body.error.message).toBe('Planning start date: must be a date (YYYY-MM-DD)');

    const access = await t.api('PUT', `/api/users/${ID}/role`, { token: admin, body: { role: 7 } });
    expect(access.status).toBe(400);
    expect(access.body.error.message).toMatch(/^Role: must be /);
    expect(access.body.error.message).not.toMatch(/expected|Invalid input/);

    const unknown = await t.api('POST', '/api/ideas', { token: admin, body: { title: 'Idea', owner: 'me' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toContainEqual({ path: 'owner', message: 'Unknown field' });
  });

  it('should answer unknown routes and wrong methods in the JSON error envelope', async () => {
    const missing = await t.api('GET', '/api/nothing-here', { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const wrongMethod = await t.api('PUT', `/api/campaigns/${campaignId}`, { token: admin, body: {} });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error).toEqual({ code: 'method_not_allowed', message: expect.stringContaining('PATCH') });
    expect(wrongMethod.headers.get('allow')).toContain('PATCH');
  });

  it('should ask for a bearer token on a 401', async () => {
    const res = await t.api('GET', '/api/campaigns');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body.error.code).toBe('unauthorized');
  });
});
