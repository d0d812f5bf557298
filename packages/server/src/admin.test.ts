import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from './admin';
import { seedDemo } from './demo/seed';
import { startTestServer, type TestServer } from './test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

it('should create an administrator who can sign in with the given password', async () => {
  const result = await createAdmin(t.services, 'Boss@Example.com', 'boss-password');
  expect(result).toEqual({ email: 'boss@example.com', created: true });
  const s = await t.api('POST', '/api/auth/signin', { body: { email: 'boss@example.com', password: 'boss-password' } });
  const me = await t.api('GET', '/api/auth/user', { token: s.body.access_token });
  expect(me.body.role).toBe('admin');
});

it('should promote an existing account and generate a password for a new one when none is given', async () => {
  await t.api('POST', '/api/auth/signup', { body: { email: 'later@example.com', password: 'secret1' } });
  expect(await createAdmin(t.services, 'later@example.com')).toEqual({ email: 'later@example.com', created: false });
  const generated = await createAdmin(t.services, 'new@example.com');
  expect(generated.generatedPassword).toMatch(/^[\w-]{16}$/);
  const s = await t.api('POST', '/api/auth/signin', { body: { email: 'new@example.com', password: generated.generatedPassword } });
  expect(s.status).toBe(200);
});

it('should not add demo data to a database that already has accounts', async () => {
  expect((await seedDemo(t.services)).seeded).toBe(false);
  expect(await t.services.db('campaigns').count({ n: '*' })).toEqual([{ n: 0 }]);
});
