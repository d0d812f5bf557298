/**
 * `writes`: the fixed cost of a write (docs/performance.md#writes-writes). In-process against a
 * scratch PostgreSQL database, with the realtime hub running and reading every change as with
 * clients connected.
 */
import type { Principal } from '../../packages/core/src/index.js';
import { testConfig } from '../../packages/server/src/config.js';
import { changesCommitted } from '../../packages/server/src/data/changes.js';
import { createRow, updateRow } from '../../packages/server/src/data/crud.js';
import { migrateLatest } from '../../packages/server/src/db/migrations/index.js';
import { ChangeHub } from '../../packages/server/src/realtime/hub.js';
import { campaigns } from '../../packages/server/src/data/resources/campaigns.js';
import { createServices } from '../../packages/server/src/server.js';
import { createScratchDatabase } from '../lib/pg.js';
import { median, round } from '../lib/stats.js';
import type { BenchRow, Suite, SuiteContext } from '../lib/types.js';
import { campaignRows } from './http.js';
import { writeRate } from '../lib/write-rate.js';

const ADMIN: Principal = { userId: '00000000-0000-4000-8000-000000000000', role: 'admin', permissions: [] };

async function writeThroughput(ctx: SuiteContext): Promise<BenchRow> {
  const db = await createScratchDatabase(ctx.pgAdminUrl);
  const s = createServices({ config: testConfig({ DATABASE_URL: db.url }) });
  const hub = new ChangeHub(s, { pollMs: 1000 });
  try {
    await migrateLatest(s.db);
    await hub.start();
    hub.subscribe(() => {}); // the feed reads every change, as with clients connected
    const seconds = ctx.quick ? 1 : 6;
    const concurrency = 8;
    const rows = campaignRows(200_000, 11);
    const values = (i: number) => ({ ...rows[i % rows.length]!, channel_config: '{}' });
    const plain: number[] = [];
    const ours: number[] = [];
    const notifyEach: number[] = [];
    const returning: number[] = [];
    for (let round = 0; round < (ctx.quick ? 1 : 2); round++) {
      ctx.log(`write throughput round ${round + 1}: plain INSERT, INSERT RETURNING, change feed, NOTIFY per transaction (${seconds} s each, ${concurrency} writers)`);
      plain.push(await writeRate(seconds, concurrency, (i) => s.db('campaigns').insert(values(i))));
      // What a create must do anyway without a feed: the API answers with the stored row.
      returning.push(await writeRate(seconds, concurrency, (i) => s.db('campaigns').insert(values(i)).returning('*')));
      ours.push(await writeRate(seconds, concurrency, (i) => createRow(s, campaigns, values(i))));
      notifyEach.push(
        await writeRate(seconds, concurrency, (i) =>
          s.db.transaction(async (trx) => {
            await trx('campaigns').insert(values(i));
            await trx.raw("SELECT pg_notify('bench_each', '')");
          }),
        ),
      );
    }
    return {
      suite: 'writes',
      name: 'write throughput with the change feed on',
      unit: 'rows/s',
      ours: median(ours),
      peer: { name: 'plain INSERTs of the same rows', value: median(plain) },
      budget: { on: 'ratio', op: '>=', limit: 0.8 },
      detail: `${concurrency} concurrent writers on PostgreSQL; ours ${ours.map((x) => round(x, 0)).join(', ')}; plain ${plain.map((x) => round(x, 0)).join(', ')}; INSERT … RETURNING * (a create without the feed) ${returning.map((x) => round(x, 0)).join(', ')}; INSERT + NOTIFY in each transaction ${notifyEach.map((x) => round(x, 0)).join(', ')} rows/s`,
    };
  } finally {
    await hub.stop();
    await s.db.destroy();
    await db.drop();
  }
}

/**
 * The activity log's cost on writes (docs/adr/0028): the data layer's create and update, which
 * write their history entry, against the same statements without the entry, alternating in one
 * run on one database with the realtime hub reading (as with clients connected).
 */
async function historyWriteCost(ctx: SuiteContext): Promise<BenchRow[]> {
  const db = await createScratchDatabase(ctx.pgAdminUrl);
  const s = createServices({ config: testConfig({ DATABASE_URL: db.url }) });
  const hub = new ChangeHub(s, { pollMs: 1000 });
  try {
    await migrateLatest(s.db);
    await hub.start();
    hub.subscribe(() => {});
    const seconds = ctx.quick ? 1 : 6;
    const concurrency = 8;
    const rows = campaignRows(200_000, 13);
    const values = (i: number) => ({ ...rows[i % rows.length]!, channel_config: '{}' });
    // Rows to update, more than the writers, so no two writers wait on one row.
    const targets: string[] = (await s.db('campaigns').insert(rows.slice(0, 2_000).map((r) => ({ ...r, channel_config: '{}' }))).returning('id')).map((r: { id: string }) => r.id);
    const create = { on: [] as number[], off: [] as number[] };
    const update = { on: [] as number[], off: [] as number[] };
    for (let round = 0; round < (ctx.quick ? 1 : 3); round++) {
      ctx.log(`history write cost round ${round + 1}: create and update with and without the entry (${seconds} s each, ${concurrency} writers)`);
      // A create without the log: what createRow did before it (one INSERT … RETURNING *, then the hub is woken).
      create.off.push(
        await writeRate(seconds, concurrency, async (i) => {
          await s.db('campaigns').insert(values(i)).returning('*');
          changesCommitted(s.db);
        }),
      );
      create.on.push(await writeRate(seconds, concurrency, (i) => createRow(s, campaigns, values(i))));
      // An update without the log: updateRow's statements (lock, read, write, read back) without the entry.
      update.off.push(
        await writeRate(seconds, concurrency, (i) =>
          s.db.transaction(async (trx) => {
            const id = targets[i % targets.length]!;
            await trx('campaigns').where({ id }).forUpdate().first('id');
            await campaigns.select(trx).where('campaigns.id', id).first();
            await trx('campaigns').where({ id }).update({ title: `Off ${i}`, version: trx.raw('version + 1'), updated_at: trx.fn.now() });
            return campaigns.select(trx).where('campaigns.id', id).first();
          }),
        ),
      );
      update.on.push(await writeRate(seconds, concurrency, (i) => updateRow(s, campaigns, ADMIN, targets[i % targets.length]!, { title: `On ${i}` }, { ifMatch: null })));
    }
    const detail = (m: { on: number[]; off: number[] }, what: string) =>
      `${concurrency} concurrent writers on PostgreSQL, ${what}; with the entry ${m.on.map((x) => round(x, 0)).join(', ')}; without ${m.off.map((x) => round(x, 0)).join(', ')} rows/s (alternating rounds)`;
    return [
      {
        suite: 'writes',
        name: 'create throughput with the history log on',
        unit: 'rows/s',
        ours: median(create.on),
        peer: { name: 'the same creates without the log (INSERT … RETURNING *)', value: median(create.off) },
        budget: { on: 'ratio', op: '>=', limit: 0.8 },
        detail: detail(create, 'one statement each (the entry in a data-modifying CTE)'),
      },
      {
        suite: 'writes',
        name: 'update throughput with the history log on',
        unit: 'rows/s',
        ours: median(update.on),
        peer: { name: 'the same updates without the log', value: median(update.off) },
        budget: { on: 'ratio', op: '>=', limit: 0.8 },
        detail: detail(update, 'one transaction each (lock, read, update, read back; plus the entry)'),
      },
    ];
  } finally {
    await hub.stop();
    await s.db.destroy();
    await db.drop();
  }
}

export const writesSuite: Suite = {
  name: 'writes',
  description: 'what the change feed and the history log cost a write: the server\'s creates and updates against the same statements without them, 8 writers on PostgreSQL',
  async run(ctx) {
    return [await writeThroughput(ctx), ...(await historyWriteCost(ctx))];
  },
};
