import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOneTimeToken } from '../../auth/one-time-tokens';
import { ACCESS_KEY_PREFIX } from '../../auth/credentials';
import { hashToken, randomToken } from '../../auth/secrets';
import { startTestServer, type TestServer } from '../../test/harness';
import { CookieJar, signInThroughProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider';

let idp: TestProvider;
let t: TestServer;
let admin: { token: string };

beforeAll(async () => {
  idp = await startTestProvider();
  t = await startTestServer({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_NAME: 'Test IdP' });
  await idp.register(`${t.services.site.url}/api/auth/sso/callback`);
  admin = await t.signUpAndIn('owner@example.com');
  idp.accounts.set('alice', { email: 'Alice@Example.com', groups: ['marketing-email'] });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const fragment = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

/** The whole browser flow, then the SPA's exchange: a session, as password sign-in gives. */
async function ssoSession(login: string) {
  const location = await signInThroughProvider(t.services.site.url, login);
  const code = fragment(location).get('sso_code');
  expect(code, location).toBeTruthy();
  const res = await t.api('POST', '/api/auth/sso/exchange', { body: { code } });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string; user: { id: string; email: string } };
}

const me = async (token: string) => (await t.api('GET', '/api/auth/user', { token })).body;
/** Follows the link of the confirmation mail sent at sign-up, as the address's owner would. */
async function confirmAddress(email: string) {
  const user = await t.services.db('users').where({ email }).first('id');
  const token = await issueOneTimeToken(t.services.db, user.id, 'email_confirmation', 60_000);
  const res = await fetch(`${t.url}/api/auth/confirm?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
  expect(res.headers.get('location')).toMatch(/email_confirmed=1$/);
}
const sessionsIssued = async () => Number((await t.services.db('refresh_tokens').count({ n: '*' }))[0]!.n);
/** What the 5-minute wait would do: the session's last sync is made old enough to ask the provider again. */
const ageSync = (userId: string) =>
  t.services.db('sso_sessions').whereIn('identity_id', t.services.db('user_identities').where({ user_id: userId }).select('id')).update({ synced_at: new Date(Date.now() - 3600_000) });

describe('the sign-in page', () => {
  it('should learn that SSO is on, its name, and that passwords still work', async () => {
    const res = await t.api('GET', '/api/auth/providers');
    expect(res.body).toEqual({ password: true, sso: { name: 'Test IdP', start_url: '/api/auth/sso/start' } });
  });
});

describe('sign-in through the provider', () => {
  it('should create the account on the first sign-in and find it by issuer and subject on the second', async () => {
    const first = await ssoSession('alice');
    expect(first.user.email).toBe('alice@example.com');
    expect((await me(first.access_token)).user.email).toBe('alice@example.com');
    // The same tokens as a password sign-in: the refresh token rotates as usual.
    const refreshed = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(refreshed.status).toBe(200);

    idp.accounts.set('alice', { ...idp.accounts.get('alice')!, email: 'alice.new@example.com' });
    const second = await ssoSession('alice');
    expect(second.user.id).toBe(first.user.id);
    idp.accounts.set('alice', { ...idp.accounts.get('alice')!, email: 'Alice@Example.com' });
    const identities = await t.services.db('user_identities').where({ user_id: first.user.id });
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ issuer: idp.issuer, subject: 'alice' });
  });

  it('should hand the SPA a code that works once, and never put a token in a URL', async () => {
    const location = await signInThroughProvider(t.services.site.url, 'alice');
    expect(new URL(location).pathname).toBe('/auth');
    expect(new URL(location).search).toBe('');
    const code = fragment(location).get('sso_code')!;
    expect((await t.api('POST', '/api/auth/sso/exchange', { body: { code } })).status).toBe(200);
    const again = await t.api('POST', '/api/auth/sso/exchange', { body: { code } });
    expect(again.status).toBe(400);
    expect(again.body.error.details).toContainEqual({ path: 'code', message: 'This sign-in has expired. Start again.' });
  });

  it('should refuse a replayed callback (its state is spent) and issue no session', async () => {
    const jar = new CookieJar();
    const callback = await signInThroughProvider(t.services.site.url, 'alice', { jar, stopAt: (u) => u.includes('/api/auth/sso/callback') });
    const done = await signInThroughProvider(t.services.site.url, 'alice', { jar, from: callback });
    expect(fragment(done).get('sso_code')).toBeTruthy();
    const before = await sessionsIssued();
    const replay = await signInThroughProvider(t.services.site.url, 'alice', { jar, from: callback });
    expect(fragment(replay).get('sso_error')).toBe('state_invalid');
    expect(await sessionsIssued()).toBe(before);
  });

  it('should refuse a forged state, and a callback carried to another browser', async () => {
    const jar = new CookieJar();
    const callback = await signInThroughProvider(t.services.site.url, 'alice', { jar, stopAt: (u) => u.includes('/api/auth/sso/callback') });
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    expect(fragment(await signInThroughProvider(t.services.site.url, 'alice', { jar, from: forged.href })).get('sso_error')).toBe('state_invalid');
    // The right state without the browser's binding cookie (login CSRF): refused too.
    const elsewhere = await signInThroughProvider(t.services.site.url, 'alice', { from: callback });
    expect(fragment(elsewhere).get('sso_error')).toBe('state_invalid');
    expect(elsewhere).not.toContain('code=');
  });
});

describe('the CLI loopback flow (cadence login --sso)', () => {
  const verifier = 'v'.repeat(43);
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('should come back to the loopback address with a code that needs the CLI secret', async () => {
    const loopback = 'http://127.0.0.1:9/callback';
    const start = `${t.services.site.url}/api/auth/sso/start?${new URLSearchParams({ redirect_uri: loopback, code_challenge: challenge })}`;
    const back = await signInThroughProvider(t.services.site.url, 'alice', { from: start, stopAt: (u) => u.startsWith(loopback) });
    const code = new URL(back).searchParams.get('sso_code')!;
    expect(code).toBeTruthy();
    expect((await t.api('POST', '/api/auth/sso/exchange', { body: { code } })).status).toBe(400);
    expect((await t.api('POST', '/api/auth/sso/exchange', { body: { code, code_verifier: 'w'.repeat(43) } })).status).toBe(400);
    const ok = await t.api('POST', '/api/auth/sso/exchange', { body: { code, code_verifier: verifier } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('alice@example.com');
  });

  it('should refuse a redirect anywhere but this machine, naming the field', async () => {
    const q = new URLSearchParams({ redirect_uri: 'https://evil.example/callback', code_challenge: challenge });
    const res = await t.api('GET', `/api/auth/sso/start?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('redirect_uri');
    const alone = await t.api('GET', `/api/auth/sso/start?${new URLSearchParams({ redirect_uri: 'http://127.0.0.1:9/callback' })}`);
    expect(alone.status).toBe(400);
    expect(alone.body.error.details[0].path).toBe('code_challenge');
  });

  const start = (redirect_uri: string) => fetch(`${t.url}/api/auth/sso/start?${new URLSearchParams({ redirect_uri, code_challenge: challenge })}`, { redirect: 'manual' });

  it("should accept RFC 8252's loopback form on 127.0.0.1 and [::1], any port, the CLI's /callback path", async () => {
    for (const uri of ['http://127.0.0.1:9/callback', 'http://127.0.0.1:65535/callback', 'http://[::1]:49152/callback']) {
      const res = await start(uri);
      expect(res.status, uri).toBe(302);
      expect(new URL(res.headers.get('location')!).origin, uri).toBe(idp.issuer);
    }
  });

  it('should refuse every other loopback-looking redirect with a 400 naming redirect_uri, and start nothing', async () => {
    const refused = [
      'http://127.0.0.1:9/elsewhere', // another path on this machine
      'http://127.0.0.1:9/callback/',
      'http://127.0.0.1:9/', // no path
      'http://127.0.0.1:9/callback?next=/x', // a query
      'http://127.0.0.1:9/callback?',
      'http://127.0.0.1:9/callback#frag', // a fragment
      'http://user:pw@127.0.0.1:9/callback', // userinfo
      'http://user@[::1]:9/callback',
      'http://localhost:9/callback', // a name, not an IP literal (RFC 8252 §8.3)
      'http://127.0.0.2:9/callback',
      'http://[0:0:0:0:0:0:0:1]:9/callback',
      'http://127.0.0.1/callback', // no port
      'http://127.0.0.1:0/callback',
      'http://127.0.0.1:65536/callback',
      'https://127.0.0.1:9/callback', // not plain http
      'http://127.0.0.1.evil.example:9/callback',
    ];
    const requests = Number((await t.services.db('sso_requests').count({ n: '*' }))[0]!.n);
    for (const uri of refused) {
      const res = await start(uri);
      expect(res.status, uri).toBe(400);
      const body = await res.json();
      expect(body.error.code, uri).toBe('validation_failed');
      expect(body.error.details.map((d: { path: string }) => d.path), uri).toEqual(['redirect_uri']);
    }
    expect(Number((await t.services.db('sso_requests').count({ n: '*' }))[0]!.n)).toBe(requests);
  });
});

describe('linking to a password account', () => {
  beforeAll(async () => {
    await t.signUpAndIn('bob@example.com', 'bobs-password');
  });

  it('should refuse an unverified e-mail, even with linking allowed, and issue no session', async () => {
    t.services.config.OIDC_LINK_VERIFIED_EMAIL = true;
    idp.accounts.set('bob-unverified', { email: 'bob@example.com', email_verified: false });
    const before = await sessionsIssued();
    const location = await signInThroughProvider(t.services.site.url, 'bob-unverified');
    expect(fragment(location).get('sso_error')).toBe('email_unverified');
    expect(await sessionsIssued()).toBe(before);
  });

  it('should refuse a verified e-mail while linking is not allowed, then link once it is', async () => {
    idp.accounts.set('bob', { email: 'bob@example.com', email_verified: true });
    t.services.config.OIDC_LINK_VERIFIED_EMAIL = false;
    expect(fragment(await signInThroughProvider(t.services.site.url, 'bob')).get('sso_error')).toBe('link_not_allowed');
    t.services.config.OIDC_LINK_VERIFIED_EMAIL = true;
    await confirmAddress('bob@example.com');
    const session = await ssoSession('bob');
    const password = await t.api('POST', '/api/auth/signin', { body: { email: 'bob@example.com', password: 'bobs-password' } });
    expect(session.user.email).toBe('bob@example.com');
    // Linked: the provider decides from now on, so the old password no longer signs in.
    expect(password.status).toBe(403);
    expect(password.body.error.message).toBe('This account signs in with Test IdP.');
  });
});

describe('groups to permissions', () => {
  let aliceId: string;
  beforeAll(async () => {
    for (const grant of ['channel_view:email', 'channel_create:email']) {
      const res = await t.api('POST', '/api/sso/mappings', { token: admin.token, body: { claim: 'groups', value: 'marketing-email', grant } });
      expect(res.status).toBe(201);
    }
  });

  it('should refuse a mapping to an unknown grant, naming the field, and a duplicate', async () => {
    const bad = await t.api('POST', '/api/sso/mappings', { token: admin.token, body: { value: 'x', grant: 'channel_view:fax' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('grant');
    const dup = await t.api('POST', '/api/sso/mappings', { token: admin.token, body: { value: 'marketing-email', grant: 'channel_view:email' } });
    expect(dup.status).toBe(409);
  });

  it('should grant what the groups map to at sign-in, and keep it apart from hand grants', async () => {
    const s = await ssoSession('alice');
    aliceId = s.user.id;
    const { abilities } = await me(s.access_token);
    expect(abilities.channels.email).toEqual({ view: true, create: true });
    expect(abilities.channels.seo).toEqual({ view: false, create: false });
    expect(abilities.global).toEqual({ view: false, create: false });
    const rows = await t.services.db('user_permissions').where({ user_id: aliceId }).orderBy('permission_type');
    expect(rows.map((r) => [r.permission_type, r.channel, r.source])).toEqual([
      ['channel_create', 'email', 'sso'],
      ['channel_view', 'email', 'sso'],
    ]);
    await t.grant(admin.token, aliceId, ['global_view']);
  });

  it('should take mapped access away at the next refresh after the group is removed, keeping hand grants', async () => {
    const s = await ssoSession('alice');
    idp.accounts.set('alice', { ...idp.accounts.get('alice')!, groups: [] });
    // Within the sync interval the provider is not asked again.
    const soon = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: s.refresh_token } });
    expect((await me(soon.body.access_token)).abilities.channels.email.view).toBe(true);

    await ageSync(aliceId);
    const later = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: soon.body.refresh_token } });
    expect(later.status).toBe(200);
    const after = await me(later.body.access_token);
    expect(after.permissions).toEqual([{ permission_type: 'global_view', channel: null }]);
    expect(after.abilities.channels.email.create).toBe(false);
    // Logged like any permission change.
    const logged = await t.services.db('change_marks').where({ topic: 'permissions', op: 'delete' }).count({ n: '*' });
    expect(Number(logged[0]!.n)).toBeGreaterThanOrEqual(2);
    // And in the activity log, grants and revokes alike, marked as the provider's (docs/adr/0028).
    const history = (await t.api('GET', '/api/history?resource=permissions&limit=500', { token: admin.token })).body.entries as Array<{ action: string; row: { user_id: string; source?: string } }>;
    const alices = history.filter((e) => e.row.user_id === aliceId && e.row.source === 'sso').map((e) => e.action);
    expect(alices.sort()).toEqual(['grant', 'grant', 'revoke', 'revoke']);
  });

  it('should end every session and key of a user the provider no longer knows, at the next refresh', async () => {
    idp.accounts.set('carol', { email: 'carol@example.com', groups: ['marketing-email'] });
    const a = await ssoSession('carol');
    const b = await ssoSession('carol');
    await t.services.db('access_keys').insert({ name: 'carol key', key_hash: `hash-${a.user.id}`, created_by: a.user.id });
    idp.accounts.delete('carol');
    await ageSync(a.user.id);
    const refused = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: a.refresh_token } });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe('Your sign-in with Test IdP has ended. Sign in again.');
    expect(JSON.stringify(refused.body)).not.toContain(a.refresh_token);
    expect((await t.api('GET', '/api/auth/user', { token: b.access_token })).status).toBe(401);
    expect((await t.api('POST', '/api/auth/refresh', { body: { refresh_token: b.refresh_token } })).status).toBe(401);
    expect(await t.services.db('access_keys').where({ created_by: a.user.id }).whereNull('revoked_at')).toEqual([]);
    expect(await t.services.db('user_permissions').where({ user_id: a.user.id, source: 'sso' })).toEqual([]);
  });

  it('should list and delete mappings for administrators only', async () => {
    const member = await t.signUpAndIn('member@example.com');
    expect((await t.api('GET', '/api/sso/mappings', { token: member.token })).status).toBe(403);
    const list = await t.api('GET', '/api/sso/mappings', { token: admin.token });
    expect(list.body.map((m: { grant: string }) => m.grant)).toEqual(['channel_create:email', 'channel_view:email']);
    expect((await t.api('DELETE', `/api/sso/mappings/${list.body[0].id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('DELETE', `/api/sso/mappings/${list.body[0].id}`, { token: admin.token })).status).toBe(404);
  });
});

describe('linking cannot hand an existing account to someone else', () => {
  beforeAll(async () => {
    t.services.config.OIDC_LINK_VERIFIED_EMAIL = true;
    const res = await t.api('POST', '/api/sso/mappings', { token: admin.token, body: { claim: 'groups', value: 'cadence-admins', grant: 'admin' } });
    expect(res.status).toBe(201);
  });

  /** A key acting as its creator, as POST /api/access-keys makes (which only an administrator may call). */
  async function accessKeyOf(userId: string) {
    const secret = `${ACCESS_KEY_PREFIX}${randomToken(32)}`;
    await t.services.db('access_keys').insert({ name: 'script', read_only: false, key_hash: hashToken(secret), created_by: userId });
    return secret;
  }

  it("should refuse to link an account whose address was never confirmed: a password sign-up with someone else's address gets nothing", async () => {
    // The attacker signs up first with the victim's address (no confirmation needed) and keeps the session.
    const attacker = await t.signUpAndIn('victim@example.com', 'attackers-password');
    idp.accounts.set('victim', { email: 'victim@example.com', email_verified: true, groups: ['cadence-admins'] });
    const before = await sessionsIssued();
    const location = await signInThroughProvider(t.services.site.url, 'victim');
    expect(fragment(location).get('sso_error')).toBe('link_unconfirmed');
    expect(fragment(location).get('sso_code')).toBeNull();
    expect(await sessionsIssued()).toBe(before);
    // Nothing was linked, granted or handed over: the attacker's session is what it was.
    expect(await t.services.db('user_identities').where({ user_id: attacker.userId })).toEqual([]);
    expect(await t.services.db('user_roles').where({ user_id: attacker.userId })).toEqual([]);
    const refreshed = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: attacker.refresh } });
    expect(refreshed.status).toBe(200);
    const self = await me(refreshed.body.access_token);
    expect(self.role).toBeNull();
    expect(self.abilities.admin).toBe(false);
    const key = await t.api('POST', '/api/access-keys', { token: refreshed.body.access_token, body: { name: 'mine now', read_only: false } });
    expect(key.status).toBe(403);
  });

  it('should link an account whose address was confirmed, ending its earlier sessions and access keys', async () => {
    const earlier = await t.signUpAndIn('erin@example.com', 'erins-password');
    await confirmAddress('erin@example.com');
    const key = await accessKeyOf(earlier.userId);
    expect((await t.api('GET', '/api/auth/user', { token: key })).status).toBe(200);

    idp.accounts.set('erin', { email: 'erin@example.com', email_verified: true, groups: ['cadence-admins'] });
    const session = await ssoSession('erin');
    expect(session.user.id).toBe(earlier.userId);
    expect((await me(session.access_token)).role).toBe('admin');
    // Whoever held the account before the link keeps no way in.
    expect((await t.api('POST', '/api/auth/refresh', { body: { refresh_token: earlier.refresh } })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/user', { token: earlier.token })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/user', { token: key })).status).toBe(401);
    // The new session is not touched by that.
    expect((await t.api('POST', '/api/auth/refresh', { body: { refresh_token: session.refresh_token } })).status).toBe(200);
  });

  it('should refuse a second subject with the e-mail of an account that already has an identity', async () => {
    idp.accounts.set('frank', { email: 'frank@example.com', email_verified: true });
    const frank = await ssoSession('frank');
    idp.accounts.set('frank-impostor', { email: 'Frank@Example.com', email_verified: true, groups: ['cadence-admins'] });
    const before = await sessionsIssued();
    const location = await signInThroughProvider(t.services.site.url, 'frank-impostor');
    expect(fragment(location).get('sso_error')).toBe('link_identity_taken');
    expect(await sessionsIssued()).toBe(before);
    const identities = await t.services.db('user_identities').where({ user_id: frank.user.id });
    expect(identities.map((i) => i.subject)).toEqual(['frank']);
    expect(await t.services.db('user_roles').where({ user_id: frank.user.id })).toEqual([]);
    // Frank's own session goes on.
    expect((await t.api('POST', '/api/auth/refresh', { body: { refresh_token: frank.refresh_token } })).status).toBe(200);
  });

  it('should not create an account for an address the provider has not verified', async () => {
    idp.accounts.set('grace', { email: 'grace@example.com', email_verified: false, groups: ['cadence-admins'] });
    const [users, before] = [await t.services.db('users').count({ n: '*' }), await sessionsIssued()];
    const location = await signInThroughProvider(t.services.site.url, 'grace');
    expect(fragment(location).get('sso_error')).toBe('email_unverified');
    expect(await t.services.db('users').whereRaw('lower(email) = ?', ['grace@example.com'])).toEqual([]);
    expect(await t.services.db('users').count({ n: '*' })).toEqual(users);
    expect(await t.services.db('user_identities').where({ subject: 'grace' })).toEqual([]);
    expect(await sessionsIssued()).toBe(before);
    // The address's real owner can still sign up with it.
    expect((await t.api('POST', '/api/auth/signup', { body: { email: 'grace@example.com', password: 'graces-password' } })).status).toBe(201);
  });
});
