import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { createServices, startServer, type RunningServer } from '../server';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { subscribedSocket } from '../test/socket';

// Two processes on one PostgreSQL share one feed through LISTEN/NOTIFY. PGlite is one
// process by nature, so this runs where TEST_DATABASE_URL names a server (as .ci/run does).
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('two server processes on one PostgreSQL', () => {
  const name = `cadence_mp_${randomBytes(5).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  let url: string;
  let a: RunningServer;
  let b: ServerProcess;
  let bUrl: string;

  beforeAll(async () => {
    const admin = knexFactory({ client: 'pg', connection: adminUrl!, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    await admin.destroy();
    const target = new URL(adminUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
    a = await startServer(createServices({ config: testConfig({ DATABASE_URL: url, JWT_SECRET: secret }), dataDir: 'memory' }), {
      port: 0,
      host: '127.0.0.1',
    });
    // No safety-net polling: only NOTIFY can carry the change across.
    b = await startServerProcess({ JWT_SECRET: secret, REALTIME_POLL_MS: '3600000' }, { databaseUrl: url });
    bUrl = b.url;
  }, 90_000);

  afterAll(async () => {
    await b?.stop();
    await a?.close();
    const admin = knexFactory({ client: 'pg', connection: adminUrl!, pool: { min: 0, max: 1 } });
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  });

  it('should deliver a change made through one process to a client of the other, and serve the same data', async () => {
    const post = (base: string, p: string, body: unknown, token?: string) =>
      fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    expect((await post(a.url, '/api/auth/signup', { email: 'admin@example.com', password: 'secret1' })).status).toBe(201);
    // A session from process A works on process B: they share the database and the secret.
    const session = (await post(a.url, '/api/auth/signin', { email: 'admin@example.com', password: 'secret1' })).body;
    const socket = await subscribedSocket(bUrl, session.access_token, 'campaigns');
    const created = await post(a.url, '/api/campaigns', { title: 'Across processes', planning_start_date: '2026-01-01', live_date: '2026-01-05' }, session.access_token);
    expect(created.status).toBe(201);
    const change = await socket.waitFor((m) => m.type === 'change');
    expect(change).toMatchObject({ op: 'insert', row: { id: created.body.id, title: 'Across processes' } });
    const viaB = await fetch(`${bUrl}/api/campaigns/${created.body.id}`, { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect(viaB.status).toBe(200);

    // The listeners lose their connections and cannot reconnect for a while (as in a database
    // restart); they must keep trying and come back by themselves.
    const admin = knexFactory({ client: 'pg', connection: adminUrl!, pool: { min: 0, max: 1 } });
    await admin.raw(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    const killed = await admin.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND query ILIKE 'LISTEN%'`, [name]);
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 2500));
    await admin.raw(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    await admin.destroy();
    await new Promise((r) => setTimeout(r, 3000));
    const later = await post(a.url, '/api/campaigns', { title: 'After the listeners reconnected', planning_start_date: '2026-01-01', live_date: '2026-01-05' }, session.access_token);
    const again = await socket.waitFor((m) => m.type === 'change' && m.row?.id === later.body.id, 10_000);
    expect(again.row.title).toBe('After the listeners reconnected');
    socket.ws.close();
  });
});
