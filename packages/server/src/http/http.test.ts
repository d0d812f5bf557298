import { connect } from 'node:net';
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

/** Sends bytes as they are and reads the whole answer (the server closes the connection). */
async function raw(request: string): Promise<{ status: number; headers: string; body: any }> {
  const { hostname, port } = new URL(t.url);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let out = '';
    socket.setEncoding('utf8').on('data', (d) => (out += d)).on('end', () => resolve(out)).on('error', reject);
  });
  const [head, body] = [text.slice(0, text.indexOf('\r\n\r\n')), text.slice(text.indexOf('\r\n\r\n') + 4)];
  return { status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(body) };
}

it('should refuse an address and headers over 16 KB, and a malformed request, in the error shape', async () => {
  const long = await raw(`GET /api/campaigns?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  expect(long.status).toBe(431);
  expect(long.headers).toMatch(/content-type: application\/json/i);
  expect(long.body).toEqual({ error: { code: 'headers_too_large', message: "The request's address and headers are too long (16 KB at most)" } });
  const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
  expect(garbage.status).toBe(400);
  expect(garbage.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'request', message: 'Not a valid HTTP/1.1 request' }] });
  // The server goes on serving.
  expect((await t.api('GET', '/api/health')).status).toBe(200);
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
