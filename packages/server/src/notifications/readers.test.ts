import { can, type Channel, type PermissionType, type Principal } from '@cadence/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { userReadsCampaignSql } from './readers';

// The campaign read rule as SQL for any recipient (docs/adr/0060) agrees with core's `can()`.

let t: TestServer;
afterAll(async () => t?.close());

const GRANTS: Array<{ name: string; admin?: boolean; perms: Array<[PermissionType, Channel?]> }> = [
  { name: 'nobody', perms: [] },
  { name: 'global_view', perms: [['global_view']] },
  { name: 'global_create', perms: [['global_create']] },
  { name: 'channel_view(email)', perms: [['channel_view', 'email']] },
  { name: 'channel_create(email)', perms: [['channel_create', 'email']] },
  { name: 'channel_view(seo)', perms: [['channel_view', 'seo']] },
  { name: 'admin', admin: true, perms: [] },
];
const SHAPES = [
  { scope: 'global', primary_channel: null, channels: ['email'] },
  { scope: 'global', primary_channel: null, channels: ['seo', 'email'] },
  { scope: 'global', primary_channel: null, channels: ['social'] },
  { scope: 'channel', primary_channel: 'email', channels: ['email'] },
  { scope: 'channel', primary_channel: 'seo', channels: ['seo'] },
] as const;

let admin: { token: string; userId: string };
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@readers.test');
});

it('should answer as can() for every user and campaign shape', async () => {
  const users: Array<{ id: string; principal: Principal; name: string }> = [];
  for (const [i, g] of GRANTS.entries()) {
    const u = g.admin ? admin : await t.signUpAndIn(`u${i}@readers.test`);
    if (g.perms.length) await t.grant(admin.token, u.userId, ...g.perms);
    users.push({ id: u.userId, name: g.name, principal: { userId: u.userId, role: g.admin ? 'admin' : null, permissions: g.perms.map(([permission_type, channel]) => ({ permission_type, channel: channel ?? null })) } });
  }
  const campaigns: Array<{ id: string; shape: (typeof SHAPES)[number] }> = [];
  for (const shape of SHAPES) {
    const res = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title: `${shape.scope} ${shape.channels.join('+')}`, planning_start_date: '2027-01-01', live_date: '2027-01-10', ...shape } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    campaigns.push({ id: res.body.id, shape });
  }
  const got: string[] = [];
  const expected: string[] = [];
  for (const u of users) {
    for (const c of campaigns) {
      const { rows } = await t.services.db.raw(`SELECT ${userReadsCampaignSql('x.uid', 'c')} AS reads FROM campaigns c, (SELECT ?::uuid AS uid) x WHERE c.id = ?`, [u.id, c.id]);
      const row = rows[0] as { reads: boolean };
      got.push(`${u.name} ${c.shape.scope} ${c.shape.channels.join('+')}: ${row.reads}`);
      expected.push(`${u.name} ${c.shape.scope} ${c.shape.channels.join('+')}: ${can(u.principal, 'read', 'campaign', { ...c.shape, channels: [...c.shape.channels], created_by: admin.userId })}`);
    }
  }
  expect(got).toEqual(expected);
});
