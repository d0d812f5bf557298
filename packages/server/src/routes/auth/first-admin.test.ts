import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

it('should make exactly one administrator when the first sign-ups arrive at the same time', async () => {
  const emails = Array.from({ length: 8 }, (_, i) => `racer${i}@example.com`);
  const results = await Promise.all(
    emails.map((email) => t.api('POST', '/api/auth/signup', { body: { email, password: 'secret1' } })),
  );
  expect(results.map((r) => r.status)).toEqual(emails.map(() => 201));
  const admins = await t.services.db('user_roles').where({ role: 'admin' });
  expect(admins).toHaveLength(1);
});
