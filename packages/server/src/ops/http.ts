import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { Middleware } from 'koa';
import { AppError } from '../errors';
import type { Metrics } from './metrics';
import type { Readiness } from './readiness';

/** Health, readiness and metrics as the app serves them (docs/operations.md#health-and-metrics). */
export interface Ops {
  readiness: Readiness;
  /** Present when METRICS=1. */
  metrics?: Metrics;
  /** Serve /metrics on PORT (with METRICS_TOKEN); false when it has a port of its own. */
  metricsOnMainPort: boolean;
  metricsToken?: string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `Authorization: Bearer <token>` compared in constant time; no token configured lets every request through. */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return !!m && timingSafeEqual(digest(m[1]!.trim()), digest(token));
}

/**
 * The outermost middleware: counts requests in flight (a shutdown waits for them), asks each
 * client to close its connection once the process is draining, so keep-alive connections do
 * not outlive it, and times the request for the metrics.
 */
export function lifecycle(ops: Ops): Middleware {
  const { readiness, metrics } = ops;
  return async (ctx, next) => {
    readiness.inFlight += 1;
    const started = metrics ? performance.now() : 0;
    try {
      await next();
    } finally {
      readiness.inFlight -= 1;
      if (readiness.draining) ctx.set('Connection', 'close');
      metrics?.observeRequest(ctx, (performance.now() - started) / 1000);
    }
  };
}

/**
 * `GET /healthz` (the process is up), `GET /readyz` (it should get traffic) and, on PORT,
 * `GET /metrics`. Answered before CORS, authentication and body parsing: probes carry no
 * credentials and must stay cheap.
 */
export function probes(ops: Ops): Middleware {
  return async (ctx, next) => {
    const path = ctx.path;
    if (path !== '/healthz' && path !== '/readyz' && path !== '/metrics') return next();
    if (path === '/metrics' && !(ops.metrics && ops.metricsOnMainPort)) throw new AppError(404, 'not_found', `No route for ${ctx.method} ${path}`);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new AppError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${path}; use GET`);
    }
    ctx.set('Cache-Control', 'no-store');
    if (path === '/healthz') {
      ctx.body = { status: 'ok' };
    } else if (path === '/readyz') {
      const report = await ops.readiness.check();
      ctx.status = report.status === 'ready' ? 200 : 503;
      ctx.body = report;
    } else {
      if (!bearerMatches(ctx.get('Authorization'), ops.metricsToken)) {
        throw new AppError(401, 'unauthorized', 'Metrics need Authorization: Bearer <METRICS_TOKEN>');
      }
      const { contentType, body } = await ops.metrics!.scrape();
      ctx.type = contentType;
      ctx.body = body;
    }
  };
}

/** `/metrics` alone on METRICS_PORT, for a scraper on the internal network; METRICS_TOKEN still applies when set. */
export function createMetricsServer(metrics: Metrics, token: string | undefined): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    if (!bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer realm="Cadence metrics"' }).end('Send Authorization: Bearer <METRICS_TOKEN>\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics could not be collected\n'),
    );
  });
}
