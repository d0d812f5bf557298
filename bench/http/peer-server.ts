/**
 * The peers for the HTTP suite, one process like the Cadence server: bare Koa + @koa/router
 * answering the same JSON as our authenticated trivial route, and the calendar-window SQL
 * through bare `pg` (pool of 10, as the server's) serialised the same way.
 * Started by suites/http.ts: `node --import tsx peer-server.ts <databaseUrl> <bodyJson>`.
 */
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';

const [databaseUrl, body] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pg.types.setTypeParser(1082, (v: string) => v); // dates stay YYYY-MM-DD, as in Cadence

const WINDOW_SQL = `SELECT campaigns.* FROM campaigns
  WHERE least(campaigns.planning_start_date, campaigns.live_date) <= $1::date
    AND (campaigns.end_date IS NULL OR greatest(campaigns.planning_start_date, campaigns.live_date, campaigns.end_date) >= $2::date)
  ORDER BY campaigns.created_at DESC, campaigns.id DESC`;

const router = new Router();
const trivial = JSON.parse(body!) as unknown;
router.get('/trivial', (ctx) => {
  ctx.body = trivial;
});
router.get('/window', async (ctx) => {
  const { rows } = await pool.query(WINDOW_SQL, [ctx.query.to, ctx.query.from]);
  ctx.body = rows;
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
