import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { PrincipalCache } from './principal-cache';

describe('PrincipalCache', () => {
  it('reads through while not live, and caches once live', async () => {
    const cache = new PrincipalCache();
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(2);
    cache.setLive(true);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(3);
    cache.invalidate();
    expect(await cache.get('a', load)).toBe(4);
  });

  it('does not keep a value loaded across a change', async () => {
    const cache = new PrincipalCache();
    cache.setLive(true);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = () => r('before the change'))));
    cache.invalidate(); // a change commits while the load is in flight
    release();
    expect(await slow).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });
});

describe('authenticated requests after a change to the caller', () => {
  let t: TestServer;
  let admin: { token: string; userId: string };
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.signUpAndIn('admin@example.com');
  });
  afterAll(() => t.close());

  it('sees a revoked permission on the very next request', async () => {
    const user = await t.signUpAndIn('member@example.com');
    await t.grant(admin.token, user.userId, ['channel_view', 'email']);
    const before = await t.api('GET', '/api/auth/user', { token: user.token });
    expect(before.body.permissions).toEqual([expect.objectContaining({ permission_type: 'channel_view', channel: 'email' })]);
    await t.api('GET', '/api/auth/user', { token: user.token }); // served from the cache now
    const revoked = await t.api('DELETE', `/api/users/${user.userId}/permissions?permission_type=channel_view&channel=email`, { token: admin.token });
    expect(revoked.status).toBe(204);
    expect((await t.api('GET', '/api/auth/user', { token: user.token })).body.permissions).toEqual([]);
  });

  it('refuses a signed-out session and a revoked key on the next request', async () => {
    const user = await t.signUpAndIn('leaver@example.com');
    expect((await t.api('GET', '/api/auth/user', { token: user.token })).status).toBe(200);
    expect((await t.api('POST', '/api/auth/signout', { token: user.token })).status).toBeLessThan(300);
    expect((await t.api('GET', '/api/auth/user', { token: user.token })).status).toBe(401);

    const key = await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'intranet', read_only: true } });
    expect(key.status).toBe(201);
    expect((await t.api('GET', '/api/campaigns', { token: key.body.secret })).status).toBe(200);
    expect((await t.api('DELETE', `/api/access-keys/${key.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', '/api/campaigns', { token: key.body.secret })).status).toBe(401);
  });

  it.runIf(t_isPostgres())('forgets a change made by another process (or by hand in SQL) through NOTIFY', async () => {
    const user = await t.signUpAndIn('elsewhere@example.com');
    await t.grant(admin.token, user.userId, ['channel_view', 'email']);
    expect((await t.api('GET', '/api/auth/user', { token: user.token })).body.permissions).toHaveLength(1);
    // Not through this server's routes: only the trigger's NOTIFY can tell the cache.
    await t.services.db('user_permissions').where({ user_id: user.userId }).delete();
    let permissions: unknown[] = [{}];
    for (let i = 0; i < 100 && permissions.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
      permissions = (await t.api('GET', '/api/auth/user', { token: user.token })).body.permissions;
    }
    expect(permissions).toEqual([]);
  });
});

function t_isPostgres(): boolean {
  return !!process.env.TEST_DATABASE_URL;
}
