import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOwnersToUsers } from '../../db/migrations/20261203000000_campaign_owner_id';
import { startTestServer, type TestServer } from '../../test/harness';

// Owners are people: `owner_id` beside the free-text `owner` (migration 20261203000000).

let t: TestServer;
let admin: { token: string; userId: string };
let dana: { token: string; userId: string };

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@owners.test');
  dana = await t.signUpAndIn('dana@owners.test');
});
afterAll(async () => t?.close());

const create = (body: Record<string, unknown>) =>
  t.api('POST', '/api/campaigns', { token: admin.token, body: { title: 'Owned', planning_start_date: '2026-03-01', live_date: '2026-03-20', ...body } });

describe('campaigns.owner_id', () => {
  it('should take a user as owner beside the text, clear it with null, and refuse anyone else on the field', async () => {
    const created = await create({ owner: 'Dana', owner_id: dana.userId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ owner: 'Dana', owner_id: dana.userId });
    expect((await create({ owner: 'Free text only' })).body.owner_id).toBeNull();
    const bad = await create({ owner_id: '00000000-0000-4000-8000-0000deadbeef' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: 'owner_id', message: 'Not a user of this install' }]);
    expect((await create({ owner_id: 'dana' })).body.error.details[0].path).toBe('owner_id');
    const moved = await t.api('PATCH', `/api/campaigns/${created.body.id}`, { token: admin.token, body: { owner_id: admin.userId } });
    expect(moved.body.owner_id).toBe(admin.userId);
    const refused = await t.api('PATCH', `/api/campaigns/${created.body.id}`, { token: admin.token, body: { owner_id: '00000000-0000-4000-8000-0000deadbeef' } });
    expect(refused.status).toBe(400);
    const cleared = await t.api('PATCH', `/api/campaigns/${created.body.id}`, { token: admin.token, body: { owner_id: null } });
    expect(cleared.body).toMatchObject({ owner_id: null, owner: 'Dana' });
  });

  it('should match text owners to users by e-mail, ignoring case and spaces, and leave the rest', async () => {
    const byMail = (await create({ owner: '  DANA@Owners.test ' })).body.id;
    const byName = (await create({ owner: 'Dana Reyes' })).body.id;
    const already = (await create({ owner: 'dana@owners.test', owner_id: admin.userId })).body.id;
    expect(await matchOwnersToUsers(t.services.db)).toBeGreaterThanOrEqual(1);
    const ownerOf = async (id: string) => (await t.services.db('campaigns').where({ id }).first('owner_id')).owner_id;
    expect(await ownerOf(byMail)).toBe(dana.userId);
    expect(await ownerOf(byName)).toBeNull();
    expect(await ownerOf(already)).toBe(admin.userId);
  });

  it('should keep the text owner and drop the owner_id when the user is deleted', async () => {
    const gone = await t.signUpAndIn('gone@owners.test');
    const c = (await create({ owner: 'gone@owners.test', owner_id: gone.userId })).body;
    await t.services.db('users').where({ id: gone.userId }).delete();
    const now = (await t.api('GET', `/api/campaigns/${c.id}`, { token: admin.token })).body;
    expect(now).toMatchObject({ owner: 'gone@owners.test', owner_id: null });
  });

  it('should list "my campaigns" by owner_id (an id or me), and refuse a bad value naming it', async () => {
    const mine = (await create({ owner: 'Dana', owner_id: dana.userId })).body.id;
    const list = async (q: string, token = admin.token) => ((await t.api('GET', `/api/campaigns?${q}`, { token })).body as Array<{ id: string; owner_id: string | null }>);
    const byId = await list(`owner_id=${dana.userId}`);
    expect(byId.map((c) => c.id)).toContain(mine);
    expect(byId.every((c) => c.owner_id === dana.userId)).toBe(true);
    await t.grant(admin.token, dana.userId, ['global_view']);
    expect((await list('owner_id=me', dana.token)).map((c) => c.id)).toEqual(byId.map((c) => c.id));
    expect((await t.api('GET', '/api/campaigns/stats?owner_id=me', { token: dana.token })).body.total).toBe(byId.length);
    const bad = await t.api('GET', '/api/campaigns?owner_id=dana', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('owner_id');
  });
});
