import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ALLOWED_ORIGINS: ['https://intranet.example'] });
});
afterAll(async () => t?.close());

it('should answer CORS preflights from allowed origins and refuse other origins outright', async () => {
  const pre = await fetch(`${t.url}/api/campaigns`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://intranet.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
  });
  expect(pre.status).toBe(204);
  expect(pre.headers.get('access-control-allow-origin')).toBe('https://intranet.example');
  expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);

  const allowed = await fetch(`${t.url}/api/health`, { headers: { Origin: 'https://intranet.example' } });
  expect(allowed.status).toBe(200);
  expect(allowed.headers.get('access-control-expose-headers')).toMatch(/ETag/);
  const own = await fetch(`${t.url}/api/health`, { headers: { Origin: t.url } });
  expect(own.status).toBe(200);

  const evil = await fetch(`${t.url}/api/health`, { headers: { Origin: 'https://evil.example' } });
  expect(evil.status).toBe(403);
  expect(((await evil.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  // No Origin at all (CLI, scripts) passes.
  expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
});

it('should send security headers everywhere and let only the allowed origins frame the app', async () => {
  const page = await fetch(`${t.url}/`);
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'self' https://intranet.example");
  for (const res of [page, await fetch(`${t.url}/api/health`), await fetch(`${t.url}/api/nope`)]) {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  }
});
