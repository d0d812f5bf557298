import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest } from './migrations/index';
import { createTestDb } from '../test/harness';
import type { Db, DbKind } from './connect';

let db: Db;
let kind: DbKind;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, kind, drop } = await createTestDb());
  await migrateLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

const TABLES = [
  'users', 'user_roles', 'user_permissions', 'refresh_tokens', 'one_time_tokens', 'access_keys', 'change_marks', 'changes_meta',
  'campaigns', 'ideas', 'ideas_comments', 'industry_publications', 'publication_ad_types',
  'industry_publication_ads', 'prospective_publications', 'sponsored_articles', 'events',
];

describe('migrations', () => {
  it('should create every table of the data model', async () => {
    for (const table of TABLES) expect(await db.schema.hasTable(table), table).toBe(true);
  });

  it('should be idempotent', async () => {
    expect(await migrateLatest(db)).toEqual([]);
  });
});

describe('sessions on a PostgreSQL server', () => {
  // docs/adr/0069: JIT compiled the watchers' and baselines' statements for 40–100 ms each.
  it('should run every pooled session without JIT', async (ctx) => {
    if (kind !== 'postgres') ctx.skip();
    const sessions = await Promise.all([1, 2, 3].map(() => db.transaction(async (trx) => (await trx.raw('SHOW jit')).rows[0].jit)));
    expect(sessions).toEqual(['off', 'off', 'off']);
  });
});

describe.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])('date-only columns in %s', (zone) => {
  it('should come back as the same YYYY-MM-DD string', async () => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      const [row] = await db('campaigns')
        .insert({ title: `tz ${zone}`, planning_start_date: '2026-03-01', live_date: '2026-12-31', end_date: '2027-01-01' })
        .returning(['planning_start_date', 'live_date', 'end_date']);
      expect(row).toEqual({ planning_start_date: '2026-03-01', live_date: '2026-12-31', end_date: '2027-01-01' });
      const read = await db('campaigns').where({ title: `tz ${zone}` }).first('planning_start_date');
      expect(read.planning_start_date).toBe('2026-03-01');
    } finally {
      process.env.TZ = saved;
    }
  });
});

describe('constraints', () => {
  it('should refuse an unknown channel and an inconsistent scope at the database too', async () => {
    await expect(
      db('campaigns').insert({ title: 'x', planning_start_date: '2026-01-01', live_date: '2026-01-02', channels: ['fax'] }),
    ).rejects.toThrow(/campaigns_channels_check/);
    await expect(
      db('campaigns').insert({ title: 'x', planning_start_date: '2026-01-01', live_date: '2026-01-02', scope: 'channel' }),
    ).rejects.toThrow(/campaigns_primary_channel_check/);
  });

  it('should refuse a channel permission without a channel', async () => {
    const [user] = await db('users').insert({ email: 'c@example.com', password_hash: 'x' }).returning('id');
    await expect(db('user_permissions').insert({ user_id: user.id, permission_type: 'channel_view' })).rejects.toThrow(
      /user_permissions_channel_check/,
    );
  });

  it('should keep ad type cost as a two-decimal number', async () => {
    const [pub] = await db('industry_publications').insert({ name: 'P' }).returning('id');
    const [type] = await db('publication_ad_types').insert({ publication_id: pub.id, ad_type: 'Banner', cost: 1234.5 }).returning('cost');
    expect(type.cost).toBe(1234.5);
  });
});
