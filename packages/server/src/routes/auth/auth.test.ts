import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_SIGNIN_PER_EMAIL: 3, RATE_SIGNIN_PER_IP: 50 });
});
afterAll(async () => t?.close());

describe('sign-up', () => {
  it('should make the first account the administrator and later ones plain users', async () => {
    const first = await t.signUpAndIn('Owner@Example.com ');
    const second = await t.signUpAndIn('member@example.com');
    const me1 = await t.api('GET', '/api/auth/user', { token: first.token });
    const me2 = await t.api('GET', '/api/auth/user', { token: second.token });
    expect(me1.body.user.email).toBe('owner@example.com');
    expect(me1.body.role).toBe('admin');
    expect(me1.body.abilities.admin).toBe(true);
    expect(me2.body.role).toBeNull();
    expect(me2.body.permissions).toEqual([]);
    expect(me2.body.abilities.global).toEqual({ view: false, create: false });
    // What core's can() takes in the browser: a signed-in user is no key, so no key limits.
    expect(me1.body.principal).toEqual({ user_id: me1.body.user.id, role: 'admin', permissions: [], read_only: false, channels: null, key: false });
    expect(me2.body.principal).toMatchObject({ role: null, read_only: false, channels: null });
  });

  it('should refuse an address that already has an account, whatever its case', async () => {
    const res = await t.api('POST', '/api/auth/signup', { body: { email: 'MEMBER@example.com', password: 'another pw' } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/already exists/);
  });

  it('should refuse a password shorter than 6 characters, naming the field', async () => {
    const res = await t.api('POST', '/api/auth/signup', { body: { email: 'short@example.com', password: '12345' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual({ path: 'password', message: 'Password must be at least 6 characters long.' });
  });

  it('should refuse a password longer than 72 bytes instead of silently cutting it', async () => {
    const res = await t.api('POST', '/api/auth/signup', { body: { email: 'long@example.com', password: 'é'.repeat(37) } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('password');
  });

  it('should refuse unknown fields such as a self-assigned role, and write nothing', async () => {
    const res = await t.api('POST', '/api/auth/signup', { body: { email: 'sneaky@example.com', password: 'secret1', role: 'admin' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path: 'role', message: 'Unknown field' });
    const signIn = await t.api('POST', '/api/auth/signin', { body: { email: 'sneaky@example.com', password: 'secret1' } });
    expect(signIn.status).toBe(401);
  });

  it('should answer malformed JSON and a missing body with a 400, not a 500', async () => {
    const bad = await t.api('POST', '/api/auth/signup', { raw: '{"email":', headers: { 'Content-Type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    const empty = await t.api('POST', '/api/auth/signup', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
    expect(empty.body.error.message).toBe('E-mail is required');
    const untyped = await t.api('POST', '/api/auth/signup');
    expect(untyped.status).toBe(415);
    expect(untyped.body.error.message).toMatch(/application\/json/);
  });
});

describe('sign-in', () => {
  it('should return a session with bearer tokens and expiry in seconds since the epoch', async () => {
    const res = await t.api('POST', '/api/auth/signin', { body: { email: 'member@example.com', password: 'correct horse' } });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('bearer');
    expect(res.body.expires_in).toBe(3600);
    expect(Math.abs(res.body.expires_at - (Date.now() / 1000 + 3600))).toBeLessThan(60);
    expect(res.body.user.email).toBe('member@example.com');
    expect(typeof res.body.refresh_token).toBe('string');
  });

  it('should give the same answer for an unknown address as for a wrong password', async () => {
    const unknown = await t.api('POST', '/api/auth/signin', { body: { email: 'nobody@example.com', password: 'whatever1' } });
    const wrong = await t.api('POST', '/api/auth/signin', { body: { email: 'owner@example.com', password: 'whatever1' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('should rate-limit failed attempts per address with Retry-After, counting only failures', async () => {
    await t.signUpAndIn('limited@example.com', 'right-password');
    // Successes do not count toward the limit.
    for (let i = 0; i < 4; i++) {
      const ok = await t.api('POST', '/api/auth/signin', { body: { email: 'limited@example.com', password: 'right-password' } });
      expect(ok.status).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      const res = await t.api('POST', '/api/auth/signin', { body: { email: 'limited@example.com', password: 'wrong' } });
      expect(res.status).toBe(401);
    }
    const limited = await t.api('POST', '/api/auth/signin', { body: { email: 'Limited@example.com', password: 'right-password' } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address from the same IP is unaffected.
    const other = await t.api('POST', '/api/auth/signin', { body: { email: 'member@example.com', password: 'correct horse' } });
    expect(other.status).toBe(200);
  });
});

describe('sessions', () => {
  it('should rotate refresh tokens and revoke the whole family when a spent one is reused', async () => {
    const s = await t.signUpAndIn('rotate@example.com');
    const first = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: s.refresh } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(s.refresh);
    const second = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: first.body.refresh_token } });
    expect(second.status).toBe(200);

    const reuse = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: s.refresh } });
    expect(reuse.status).toBe(401);
    // The newest token of the family is revoked too, and so are its access tokens.
    const after = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: second.body.refresh_token } });
    expect(after.status).toBe(401);
    const me = await t.api('GET', '/api/auth/user', { token: second.body.access_token });
    expect(me.status).toBe(401);
  });

  it('should leave other sessions of the same user alone when one family is revoked', async () => {
    const a = await t.api('POST', '/api/auth/signin', { body: { email: 'rotate@example.com', password: 'correct horse' } });
    const b = await t.api('POST', '/api/auth/signin', { body: { email: 'rotate@example.com', password: 'correct horse' } });
    await t.api('POST', '/api/auth/signout', { token: a.body.access_token });
    expect((await t.api('GET', '/api/auth/user', { token: a.body.access_token })).status).toBe(401);
    expect((await t.api('POST', '/api/auth/refresh', { body: { refresh_token: a.body.refresh_token } })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/user', { token: b.body.access_token })).status).toBe(200);
  });

  it('should refuse an unknown refresh token', async () => {
    const res = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: 'not-a-token' } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});

describe('access tokens', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('should refuse a missing token on a route that needs sign-in', async () => {
    const res = await t.api('GET', '/api/auth/user');
    expect(res.status).toBe(401);
  });

  it('should refuse a token with algorithm none', async () => {
    const s = await t.signUpAndIn('alg@example.com');
    const payload = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString());
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect((await t.api('GET', '/api/auth/user', { token: forged })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/user', { token: s.token })).status).toBe(200);
  });

  it('should refuse a token signed with another key', async () => {
    const s = await t.signUpAndIn('key@example.com');
    const payload = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await t.api('GET', '/api/auth/user', { token: forged })).status).toBe(401);
  });

  it('should refuse a token whose payload was changed', async () => {
    const admin = await t.api('POST', '/api/auth/signin', { body: { email: 'owner@example.com', password: 'correct horse' } });
    const s = await t.signUpAndIn('tamper@example.com');
    const [h, p, sig] = s.token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${b64({ ...payload, sub: admin.body.user.id })}.${sig}`;
    expect((await t.api('GET', '/api/auth/user', { token: tampered })).status).toBe(401);
  });

  it('should refuse an expired token', async () => {
    const s = await t.signUpAndIn('expired@example.com');
    const payload = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString());
    const { token } = await t.services.jwt.sign({ userId: payload.sub, sessionId: payload.sid }, Date.now() - 2 * 3600_000);
    const res = await t.api('GET', '/api/auth/user', { token });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/expired/);
  });
});

describe('single sign-on when it is not set up', () => {
  it('should answer the start of a sign-in with a 404 in the error envelope, redirecting nowhere', async () => {
    const plain = await fetch(`${t.url}/api/auth/sso/start`, { redirect: 'manual' });
    const q = new URLSearchParams({ redirect_uri: 'http://127.0.0.1:9/callback', code_challenge: 'c'.repeat(43) });
    const cli = await fetch(`${t.url}/api/auth/sso/start?${q}`, { redirect: 'manual' });
    const odd = await fetch(`${t.url}/api/auth/sso/start?${new URLSearchParams({ redirect_uri: 'http://127.0.0.1:9/anything' })}`, { redirect: 'manual' });
    for (const res of [plain, cli, odd]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Single sign-on is not set up on this server' } });
    }
  });
});
