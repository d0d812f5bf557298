import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

it('should answer an unknown API route with a JSON 404', async () => {
  const res = await t.api('GET', '/api/nope');
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe('not_found');
});

it('should refuse a JSON body over 1 MB with 413 in the error shape', async () => {
  const res = await t.api('POST', '/api/auth/signup', { body: { email: 'big@example.com', password: 'x'.repeat(1024 * 1024 + 10) } });
  expect(res.status).toBe(413);
  expect(res.body.error.code).toBe('payload_too_large');
});

it('should answer a wrong method with 405 and report health', async () => {
  expect((await t.api('GET', '/api/auth/signin')).status).toBe(405);
  const health = await t.api('GET', '/api/health');
  expect(health.body).toEqual({ ok: true, database: expect.stringMatching(/pglite|postgres/) });
});

it('should serve a placeholder page with a strict CSP before the app is built', async () => {
  const res = await fetch(`${t.url}/channel/email`);
  expect(res.status).toBe(200);
  expect(await res.text()).toMatch(/Cadence/);
  expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
});
