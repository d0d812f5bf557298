/**
 * `baselines`: a saved baseline of 10,000 campaigns rebuilt from an activity log of 200,000
 * campaign entries (docs/adr/0063). The entries are spread over the past year, 20 moves per
 * campaign; the baseline is 90 days old, so about a quarter of the log lies after it and every
 * campaign has moved since. The figure is `GET /api/campaigns/compare?baseline=…` over a window
 * holding every campaign, from request to parsed answer; the reading query's plan is printed
 * (EXPLAIN ANALYZE) so the index it uses can be checked. A moment before the whole log (every
 * entry read) is measured too, for information.
 */
import pg from 'pg';
import { AS_OF_WORK_MEM, asOfSql } from '../../packages/server/src/history/as-of.js';
import { call } from '../lib/api.js';
import { createScratchDatabase } from '../lib/pg.js';
import { startBenchServer } from '../lib/server.js';
import { median, quantile, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const DAY = 86_400_000;

export const baselinesSuite: Suite = {
  name: 'baselines',
  description: 'a baseline of 10,000 campaigns rebuilt from 200,000 history entries (GET /api/campaigns/compare), and its query plan',
  async run(ctx) {
    const campaigns = ctx.quick ? 1_000 : 10_000;
    const perCampaign = 20;
    const runs = ctx.quick ? 3 : 15;
    const db = await createScratchDatabase(ctx.pgAdminUrl);
    const server = await startBenchServer({ databaseUrl: db.url });
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const credentials = { email: 'bench-admin@example.com', password: 'bench-password-1' };
      await call('POST', `${server.url}/api/auth/signup`, undefined, credentials);
      const { access_token: token } = await call('POST', `${server.url}/api/auth/signin`, undefined, credentials);

      ctx.log(`writing ${campaigns} campaigns and ${campaigns * perCampaign} history entries`);
      const yearAgo = new Date(Date.now() - 366 * DAY).toISOString();
      await sql.query(
        `INSERT INTO campaigns (title, planning_start_date, live_date, channels, scope, created_at)
         SELECT 'Campaign ' || i, DATE '2027-01-01' + (i % 300), DATE '2027-01-15' + (i % 300) + $2::int, ARRAY['email'], 'global', $1::timestamptz
           FROM generate_series(1, $3::int) AS i`,
        [yearAgo, perCampaign, campaigns],
      );
      // Each campaign's live date moved a day later, 20 times, at moments spread over the past year.
      await sql.query(
        `INSERT INTO history_entries (at, resource, row_id, action, changes)
         SELECT now() - interval '365 days' + ((k - 1) * 18 + (n % 17)) * interval '1 day' + (n % 86400) * interval '1 second',
                'campaigns', c.id::text, 'update',
                jsonb_build_object('live_date', jsonb_build_object('before', (c.live_date - ${perCampaign} + k - 1)::text, 'after', (c.live_date - ${perCampaign} + k)::text))
           FROM (SELECT id, live_date, row_number() OVER (ORDER BY id) AS n FROM campaigns) c
          CROSS JOIN generate_series(1, $1::int) AS k`,
        [perCampaign],
      );
      await sql.query('ANALYZE campaigns; ANALYZE history_entries');
      const entries = Number((await sql.query('SELECT count(*) AS n FROM history_entries')).rows[0].n);
      const at = new Date(Date.now() - 90 * DAY).toISOString();
      const baseline = await call('POST', `${server.url}/api/baselines`, token, { name: 'Plan as of 90 days ago', at });
      const after = Number((await sql.query("SELECT count(*) AS n FROM history_entries WHERE resource = 'campaigns' AND at > $1", [at])).rows[0].n);

      const window = 'from=2026-12-01&to=2028-02-28';
      const time = async (query: string) => {
        const ms: number[] = [];
        let answer: { campaigns: unknown[]; summary: Record<string, unknown> } | undefined;
        for (let i = 0; i < runs + 1; i++) {
          const t0 = performance.now();
          answer = await call('GET', `${server.url}/api/campaigns/compare?${query}&${window}`, token);
          if (i > 0) ms.push(performance.now() - t0); // the first run warms the caches
        }
        return { ms, answer: answer! };
      };
      const saved = await time(`baseline=${baseline.id}`);
      if (saved.answer.campaigns.length !== campaigns) throw new Error(`expected ${campaigns} campaigns, got ${saved.answer.campaigns.length}`);
      ctx.log(`summary: ${JSON.stringify(saved.answer.summary)}`);
      const oldest = await time(`at=${encodeURIComponent(new Date(Date.now() - 400 * DAY).toISOString())}`);

      await sql.query(`SET work_mem = '${AS_OF_WORK_MEM}'`); // as comparePlan runs it
      const plan = await sql.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${asOfSql().replace(/\?(::\w+)/g, (_, cast, offset, text) => `$${text.slice(0, offset).split('?').length}${cast}`)}`, [at, '2028-02-28', '2026-12-01']);
      const lines: string[] = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
      ctx.log(`EXPLAIN of the reading query (baseline 90 days old):\n    ${lines.join('\n    ')}`);
      const index = lines.find((l: string) => /Index .*Scan using history_entries_campaigns_at|Bitmap Index Scan on history_entries_campaigns_at/.test(l));

      const rows: BenchRow[] = [
        {
          suite: 'baselines',
          name: `baseline of ${campaigns.toLocaleString('en')} campaigns rebuilt from ${entries.toLocaleString('en')} entries, median`,
          unit: 'ms',
          ours: round(median(saved.ms)),
          budget: { on: 'value', op: '<=', limit: 500 },
          detail: `${after.toLocaleString('en')} entries after the baseline; p95 ${round(quantile(saved.ms, 0.95))} ms; ${runs} runs over HTTP; plan: ${index ? index.trim() : 'NO INDEX SCAN on history_entries_campaigns_at'}`,
        },
        {
          suite: 'baselines',
          name: `a moment before the whole log (all ${entries.toLocaleString('en')} entries read), median`,
          unit: 'ms',
          ours: round(median(oldest.ms)),
          detail: `p95 ${round(quantile(oldest.ms, 0.95))} ms`,
        },
      ];
      return rows;
    } finally {
      await sql.end();
      await server.stop();
      await db.drop();
    }
  },
};
