/**
 * The peers for the HTTP suite, one process like the Cadence server: bare Koa + @koa/router
 * answering the same JSON as our authenticated trivial route, and the calendar window through
 * bare `pg` (pool of 10, as the server's) with the best query we could write for the same answer:
 * the GiST span index of migration 20261124000000 (ADR 20), only the API's columns, and the JSON
 * array built by PostgreSQL (json_agg, timestamps in the API's ISO form) and sent as it comes.
 * Started by suites/http.ts: `node --import tsx peer-server.ts <databaseUrl> <bodyJson>`.
 */
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';

const [databaseUrl, body] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pg.types.setTypeParser(1082, (v: string) => v); // dates stay YYYY-MM-DD, as in Cadence

// The API's campaign fields (core's campaignSchema), timestamps as the API writes them.
const COLUMNS = [
  'id', 'created_at', 'updated_at', 'version', 'title', 'description', 'channels', 'status', 'planning_start_date', 'live_date',
  'end_date', 'owner', 'priority', 'scope', 'primary_channel', 'channel_config', 'summary', 'goals', 'audiences',
  'project_leader', 'project_team_members', 'kpis', 'deliverables', 'landing_page_urls', 'created_by',
  'owner_id', 'task_summary', 'approval_summary',
];
const field = (c: string) =>
  c === 'created_at' || c === 'updated_at' ? `'${c}', to_char(c.${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `'${c}', c.${c}`;
// The span expression is the index's own (routes/campaigns/filters.ts SPAN_SQL), so a window is one
// GiST range-overlap lookup.
const WINDOW_SQL = `SELECT coalesce(json_agg(json_build_object(${COLUMNS.map(field).join(', ')}) ORDER BY c.created_at DESC, c.id DESC), '[]')::text AS body
  FROM campaigns c
  WHERE daterange(least(c.planning_start_date, c.live_date), CASE WHEN c.end_date IS NULL THEN NULL ELSE greatest(c.planning_start_date, c.live_date, c.end_date) END, '[]')
    && daterange($2::date, $1::date, '[]')`;

const router = new Router();
const trivial = JSON.parse(body!) as unknown;
router.get('/trivial', (ctx) => {
  ctx.body = trivial;
});
router.get('/window', async (ctx) => {
  const { rows } = await pool.query(WINDOW_SQL, [ctx.query.to, ctx.query.from]);
  ctx.type = 'application/json';
  ctx.body = rows[0].body;
});
router.get('/campaign/:id', async (ctx) => {
  const { rows } = await pool.query('SELECT * FROM campaigns WHERE id = $1', [ctx.params.id]);
  ctx.body = rows[0];
});

const app = new Koa();
app.use(router.routes());
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
