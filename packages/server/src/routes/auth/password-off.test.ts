import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ AUTH_PASSWORD: false, OIDC_ISSUER: 'http://127.0.0.1:9/never-asked', OIDC_CLIENT_ID: 'x', OIDC_NAME: 'Acme SSO' });
});
afterAll(async () => t?.close());

it('should tell the sign-in page that only single sign-on is offered', async () => {
  expect((await t.api('GET', '/api/auth/providers')).body).toEqual({ password: false, sso: { name: 'Acme SSO', start_url: '/api/auth/sso/start' } });
});

it('should refuse password sign-up, sign-in and reset with a 403 saying how to sign in', async () => {
  const message = 'Password sign-in is turned off on this server. Sign in with Acme SSO.';
  const answers = [
    await t.api('POST', '/api/auth/signup', { body: { email: 'new@example.com', password: 'secret1' } }),
    await t.api('POST', '/api/auth/signin', { body: { email: 'new@example.com', password: 'secret1' } }),
    await t.api('POST', '/api/functions/send-password-reset', { body: { email: 'new@example.com' } }),
    await t.api('POST', '/api/functions/update-password', { body: { token: 'x', newPassword: 'secret1' } }),
  ];
  for (const res of answers) {
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(message);
  }
  expect(await t.services.db('users')).toEqual([]);
});

it('should send the browser back to the sign-in page with a clear code when the provider cannot be reached', async () => {
  const res = await fetch(`${t.url}/api/auth/sso/start`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(`${t.services.site.url}/auth#sso_error=provider_unreachable`);
  // The CLI's sign-in hears it on its loopback address instead of waiting.
  const q = new URLSearchParams({ redirect_uri: 'http://127.0.0.1:9/callback', code_challenge: 'c'.repeat(43) });
  const cli = await fetch(`${t.url}/api/auth/sso/start?${q}`, { redirect: 'manual' });
  expect(cli.headers.get('location')).toBe('http://127.0.0.1:9/callback?sso_error=provider_unreachable');
});
