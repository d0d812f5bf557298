import type { Context } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/connect';
import { withTimeout } from './with-timeout';

/** What the metrics read at scrape time; filled in once the hub and the realtime server exist. */
export interface MetricSources {
  realtimeClients: () => number;
  /** How far this process's hub is behind committed changes, in seq units (0 when caught up). */
  realtimeLag: () => Promise<number>;
  realtimeListening: () => boolean;
}

export interface Metrics {
  readonly registry: Registry;
  readonly sources: MetricSources;
  observeRequest(ctx: Context, seconds: number): void;
  observeDelivery(changes: number, seconds: number): void;
  /** The Prometheus text exposition and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** The tarn pool behind Knex (PGlite's adapter has one of a single connection). */
interface PoolStats {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

/**
 * The route label: the RouteTable's pattern (`/api/campaigns/:id`), never the raw path, so the
 * number of series stays bounded whatever URLs clients send.
 */
export function routeLabel(ctx: Pick<Context, 'path'> & { _matchedRoute?: string | RegExp }): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  const path = ctx.path;
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
  if (path.startsWith('/api/')) return '/api/(unmatched)';
  if (path.startsWith('/storage/')) return '/storage/*';
  if (path.startsWith('/widgets/')) return '/widgets/*';
  return '/*';
}

const SCRAPE_QUERY_TIMEOUT_MS = 1000;

/**
 * One registry per server (tests run several in one process): request durations by route and
 * status, realtime clients and lag, database pool use, and prom-client's process defaults
 * (event-loop delay, heap, CPU, file descriptors).
 */
export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const sources: MetricSources = { realtimeClients: () => 0, realtimeLag: async () => 0, realtimeListening: () => false };

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, until the handler finished',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  new Gauge({
    name: 'cadence_realtime_clients',
    help: 'WebSocket clients connected to this process',
    registers,
    collect() {
      this.set(sources.realtimeClients());
    },
  });
  const delivery = new Histogram({
    name: 'cadence_realtime_delivery_seconds',
    help: 'Time from the change hub learning of committed changes (local commit, NOTIFY or poll) to handing them to the WebSocket clients',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const delivered = new Counter({ name: 'cadence_realtime_changes_delivered_total', help: 'Changes handed to this process’s WebSocket clients', registers });
  new Gauge({
    name: 'cadence_realtime_seq_lag',
    help: 'How far this process’s hub is behind changes committed and not yet read, in seq units (transaction id × 65,536; 0 when nothing waits)',
    registers,
    async collect() {
      try {
        this.set(await withTimeout(sources.realtimeLag(), SCRAPE_QUERY_TIMEOUT_MS));
      } catch {
        this.reset(); // no sample rather than a wrong one while the database is away
      }
    },
  });
  new Gauge({
    name: 'cadence_realtime_listener_up',
    help: '1 while the change feed’s LISTEN connection to PostgreSQL is up (always 1 on PGlite)',
    registers,
    collect() {
      this.set(sources.realtimeListening() ? 1 : 0);
    },
  });
  const pool = (db.client as { pool?: PoolStats }).pool;
  new Gauge({
    name: 'cadence_db_pool_connections',
    help: 'Database pool connections by state (used, free) and requests waiting for one (pending)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const p = (db.client as { pool?: PoolStats }).pool ?? pool;
      if (!p) return;
      this.set({ state: 'used' }, p.numUsed());
      this.set({ state: 'free' }, p.numFree());
      this.set({ state: 'pending' }, p.numPendingAcquires());
    },
  });
  new Gauge({
    name: 'cadence_db_pool_max',
    help: 'Largest number of connections the pool opens (1 on PGlite)',
    registers,
    collect() {
      const p = (db.client as { pool?: PoolStats }).pool ?? pool;
      if (p) this.set(p.max);
    },
  });

  return {
    registry,
    sources,
    observeRequest(ctx, seconds) {
      requests.observe({ method: ctx.method, route: routeLabel(ctx as never), status: String(ctx.status) }, seconds);
    },
    observeDelivery(changes, seconds) {
      delivery.observe(seconds);
      delivered.inc(changes);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
