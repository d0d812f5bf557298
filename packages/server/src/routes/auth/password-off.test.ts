import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueSession } from '../../auth/session-issue';
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

it('should end a password session made before passwords were turned off, at its next refresh, and keep single sign-on sessions going', async () => {
  const message = 'Password sign-in is turned off on this server. Sign in with Acme SSO.';
  // Made while AUTH_PASSWORD was still on (the switch needs a restart; here the config is flipped in place).
  t.services.config.AUTH_PASSWORD = true;
  const password = await t.signUpAndIn('before@example.com', 'old-password');
  t.services.config.AUTH_PASSWORD = false;

  const refused = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: password.refresh } });
  expect(refused.status).toBe(401);
  expect(refused.body.error).toMatchObject({ code: 'unauthorized', message });
  // Ended, not only refused once: its access token stops too, and so does the token on a retry.
  expect((await t.api('GET', '/api/auth/user', { token: password.token })).status).toBe(401);
  expect((await t.api('POST', '/api/auth/refresh', { body: { refresh_token: password.refresh } })).status).toBe(401);

  // A session begun by single sign-on (its sso_sessions row, as the callback writes it) still refreshes.
  const user = await t.services.db('users').where({ email: 'before@example.com' }).first();
  const [identity] = await t.services.db('user_identities').insert({ user_id: user.id, issuer: 'http://127.0.0.1:9/never-asked', subject: 'before' }).returning('id');
  const familyId = randomUUID();
  await t.services.db('sso_sessions').insert({ family_id: familyId, identity_id: identity.id });
  const sso = await issueSession(t.services, t.services.db, user, familyId);
  const ok = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: sso.refresh_token } });
  expect(ok.status).toBe(200);
  expect((await t.api('GET', '/api/auth/user', { token: ok.body.access_token })).body.user.email).toBe('before@example.com');
});
