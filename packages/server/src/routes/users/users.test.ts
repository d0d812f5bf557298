import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
let admin: { token: string; userId: string };
let user: { token: string; userId: string };
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@example.com');
  user = await t.signUpAndIn('user@example.com');
});
afterAll(async () => t?.close());

it('should list users for admins only', async () => {
  const res = await t.api('GET', '/api/functions/list-users', { token: admin.token });
  expect(res.body.users.map((u: { email: string; admin: boolean }) => [u.email, u.admin])).toEqual([
    ['admin@example.com', true], // the first account is the administrator
    ['user@example.com', false],
  ]);
  expect((await t.api('GET', '/api/functions/list-users', { token: user.token })).status).toBe(403);
  expect((await t.api('GET', '/api/functions/list-users')).status).toBe(401);
});

it('should grant idempotently and make a revoke take effect on the very next request', async () => {
  const path = `/api/users/${user.userId}/permissions`;
  const first = await t.api('POST', path, { token: admin.token, body: { permission_type: 'channel_view', channel: 'email' } });
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ permission_type: 'channel_view', channel: 'email', created_by: admin.userId });
  const again = await t.api('POST', path, { token: admin.token, body: { permission_type: 'channel_view', channel: 'email' } });
  expect(again.status).toBe(200);
  expect(again.body.id).toBe(first.body.id);
  expect((await t.api('GET', path, { token: admin.token })).body).toHaveLength(1);

  await t.api('POST', '/api/campaigns', {
    token: admin.token,
    body: { title: 'Email blast', planning_start_date: '2026-01-01', live_date: '2026-01-02', channels: ['email'] },
  });
  expect((await t.api('GET', '/api/campaigns', { token: user.token })).body).toHaveLength(1);
  expect((await t.api('DELETE', `${path}?permission_type=channel_view&channel=email`, { token: admin.token })).status).toBe(204);
  expect((await t.api('GET', '/api/campaigns', { token: user.token })).body).toEqual([]);
  expect((await t.api('GET', '/api/auth/user', { token: user.token })).body.permissions).toEqual([]);
});

it('should refuse a channel permission without a channel and a global one with a channel', async () => {
  const path = `/api/users/${user.userId}/permissions`;
  const a = await t.api('POST', path, { token: admin.token, body: { permission_type: 'channel_create' } });
  expect(a.status).toBe(400);
  expect(a.body.error.details[0].path).toBe('channel');
  expect((await t.api('POST', path, { token: admin.token, body: { permission_type: 'global_view', channel: 'email' } })).status).toBe(400);
  expect((await t.api('POST', path, { token: admin.token, body: { permission_type: 'channel_view', channel: 'fax' } })).status).toBe(400);
});

it('should set roles, never remove the last administrator, and answer 404 for unknown users', async () => {
  const role = `/api/users/${user.userId}/role`;
  expect((await t.api('PUT', role, { token: admin.token, body: { role: 'admin' } })).body).toEqual({ user_id: user.userId, role: 'admin' });
  expect((await t.api('GET', '/api/auth/user', { token: user.token })).body.role).toBe('admin');
  expect((await t.api('PUT', role, { token: admin.token, body: { role: null } })).body.role).toBeNull();
  const last = await t.api('PUT', `/api/users/${admin.userId}/role`, { token: admin.token, body: { role: null } });
  expect(last.status).toBe(400);
  expect(last.body.error.message).toMatch(/last administrator/);
  expect((await t.api('GET', '/api/users/00000000-0000-4000-8000-000000000000/permissions', { token: admin.token })).status).toBe(404);
  expect((await t.api('PUT', role, { token: admin.token, body: { role: 'owner' } })).status).toBe(400);
});
