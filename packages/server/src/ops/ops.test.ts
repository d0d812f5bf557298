import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory from 'knex';
import { startTestServer, type TestServer } from '../test/harness';
import { openSocket } from '../test/socket';
import { Readiness } from './readiness';

const TOKEN = 'metrics-token-0123456789';
const quiet = { warn() {}, error() {}, debug() {}, deprecate() {} };

describe('health and readiness probes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t?.close());

  it('should answer /healthz and /readyz without credentials, from any origin, never cached', async () => {
    const health = await t.api('GET', '/healthz', { headers: { Origin: 'https://elsewhere.example' } });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await t.api('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', realtime: 'ok' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect((await t.api('POST', '/readyz')).status).toBe(405);
  });

  it('should answer 404 for /metrics while METRICS is off', async () => {
    const res = await t.api('GET', '/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('should say which migrations are missing, and recover when they are back', async () => {
    const [last] = await t.services.db('knex_migrations').orderBy('id', 'desc').limit(1);
    await t.services.db('knex_migrations').where({ id: last.id }).delete();
    try {
      const res = await t.api('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('not_ready');
      expect(res.body.checks.migrations).toBe('1 pending (run cadence-server migrate)');
      expect(res.body.reason).toMatch(/^migrations: 1 pending/);
    } finally {
      await t.services.db('knex_migrations').insert(last);
    }
    expect((await t.api('GET', '/readyz')).status).toBe(200);
  });

  it('should be not ready while the realtime listener is down, and report a database that does not answer', async () => {
    const listenerDown = await new Readiness(t.services.db, () => ({ listening: false })).check();
    expect(listenerDown).toMatchObject({ status: 'not_ready', checks: { database: 'ok', realtime: 'listener disconnected (reconnecting)' } });
    // Nothing listens on port 9: the connection is refused.
    const nowhere = knexFactory({ client: 'pg', connection: 'postgres://postgres@127.0.0.1:9/none', pool: { min: 0, max: 1 }, acquireConnectionTimeout: 5000, log: quiet });
    try {
      const down = await new Readiness(nowhere, () => ({ listening: true }), 1000).check();
      expect(down.status).toBe('not_ready');
      expect(down.checks?.database).toMatch(/^unavailable: /);
      expect(down.reason).toMatch(/^database: unavailable/);
    } finally {
      await nowhere.destroy();
    }
  });

  it('should answer 503 draining at once when the process starts shutting down', async () => {
    t.readiness.draining = true;
    try {
      const res = await t.api('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'draining', reason: 'shutting down' });
      expect(res.headers.get('connection')).toBe('close');
      expect((await t.api('GET', '/healthz')).status).toBe(200);
    } finally {
      t.readiness.draining = false;
    }
  });
});

describe('metrics on PORT behind METRICS_TOKEN', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ METRICS: true, METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  it('should refuse a scrape without the token or with another one', async () => {
    expect((await t.api('GET', '/metrics')).status).toBe(401);
    const wrong = await t.api('GET', '/metrics', { headers: { Authorization: 'Bearer metrics-token-012345678X' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('should label request durations with the route pattern and status, count WebSocket clients and realtime deliveries, and show the pool and event loop', async () => {
    const admin = await t.signUpAndIn('admin@example.com');
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await t.api('GET', `/api/campaigns/${missing}`, { token: admin.token })).status).toBe(404);
    const socket = await openSocket(t.url);
    socket.send({ type: 'auth', token: admin.token });
    await socket.waitFor((m) => m.type === 'ready');
    socket.send({ type: 'subscribe', id: 's', topic: 'ideas' });
    await socket.waitFor((m) => m.type === 'subscribed');
    expect((await t.api('POST', '/api/ideas', { token: admin.token, body: { title: 'Measured' } })).status).toBe(201);
    await socket.waitFor((m) => m.type === 'change');
    // Transactions that change no feed row (on PostgreSQL: any database of the server, whose
    // transaction ids are shared) move the horizon; they are not lag.
    for (let i = 0; i < 3; i++) await t.services.db.transaction((trx) => trx.raw(t.services.dbKind === 'postgres' ? 'SELECT txid_current()' : 'SELECT 1'));

    const res = await fetch(`${t.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/campaigns\/:id",status="404"\} 1\n/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/ideas",status="201"\} 1\n/);
    expect(text).not.toContain(missing); // the raw path never becomes a label
    expect(text).toMatch(/^cadence_realtime_clients 1$/m);
    expect(text).toMatch(/^cadence_realtime_delivery_seconds_count [1-9]\d*$/m);
    expect(text).toMatch(/^cadence_realtime_changes_delivered_total [1-9]\d*$/m);
    expect(text).toMatch(/^cadence_realtime_seq_lag 0$/m);
    expect(text).toMatch(/^cadence_realtime_listener_up 1$/m);
    expect(text).toMatch(/^cadence_db_pool_connections\{state="used"\} \d+$/m);
    expect(text).toMatch(/^cadence_db_pool_max (1|5|10)$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    socket.ws.close();
  });
});

describe('metrics on a port of their own', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ METRICS: true, METRICS_PORT: 0 });
  });
  afterAll(async () => t?.close());

  it('should serve /metrics on METRICS_PORT without a token, and not on PORT', async () => {
    expect(t.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(t.metricsUrl!);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^cadence_realtime_clients 0$/m);
    expect((await t.api('GET', '/metrics')).status).toBe(404);
    expect((await fetch(t.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
  });
});
