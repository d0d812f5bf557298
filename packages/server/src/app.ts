import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { LIMITS } from '@cadence/core';
import Router from '@koa/router';
import { registerDataRoutes } from './routes/index';
import { openapiDocument } from './routes/openapi/document';
import { RouteTable } from './http/route';
import { serveStorage } from './routes/storage/routes';
import { streamsItsOwnBody } from './routes/imports';
import { healthRouter } from './routes/health/router';
import type { Services } from './services';
import { authenticate, type CadenceState } from './http/authenticate';
import { presentForLinks } from './http/link-presenter';
import { requestContext } from './history/actor';
import { corsForAllowedOrigins } from './http/cors';
import { dispatchByResource } from './http/dispatch';
import { onerror } from './http/onerror';
import { spa, widgetsSlot } from './http/static';
import { lifecycle, probes, type Ops } from './ops/http';
import { Readiness } from './ops/readiness';

export interface AppOptions {
  /** Built SPA; defaults to packages/app/dist beside this package. */
  appDir?: string;
  /** Built standalone widget bundle; defaults to packages/widgets/dist-standalone. */
  widgetsDir?: string;
  /** Readiness and metrics shared with the server (startServer passes them); a bare app checks the database only. */
  ops?: Ops;
}

/** The workspace's packages/ folder, found from this file whether it runs from src/ or a bundle in dist/. */
function findPackagesDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.dirname(dir);
}
const packagesDir = findPackagesDir();

/**
 * Names each link of the chain as Koa's own debug output reads them (`_name`), so a profile or the
 * benchmark that measures the chain link by link (bench/suites/chain.ts) can tell them apart.
 */
function named<M extends Koa.Middleware<CadenceState>>(name: string, middleware: M): M {
  return Object.assign(middleware, { _name: name });
}

/** The Koa application: lifecycle → error mapper → probes → body limits → authentication → routes → static slots. */
export function createApp(s: Services, options: AppOptions = {}): Koa<CadenceState> {
  const app = new Koa<CadenceState>();
  app.proxy = s.config.TRUST_PROXY;
  app.silent = true;
  const ops = options.ops ?? { readiness: new Readiness(s.db, () => ({ listening: true })), metricsOnMainPort: false };

  app.use(named('lifecycle', lifecycle(ops)));
  app.use(named('errors', onerror(s.log)));
  app.use(
    named('security-headers', async (ctx, next) => {
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Referrer-Policy', 'same-origin');
      await next();
    }),
  );
  app.use(named('probes', probes(ops)));
  app.use(named('cors', corsForAllowedOrigins(s)));
  const parseBody = koaBody({
    json: true,
    jsonLimit: LIMITS.jsonBodyBytes,
    // Any JSON value parses; the route's schema then says what it expected (an object, a list…).
    jsonStrict: false,
    text: true,
    textLimit: LIMITS.csvBodyBytes,
    urlencoded: false,
    multipart: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  });
  // An import streams its body, with a limit of its own (IMPORT_BODY_BYTES).
  app.use(named('body', (ctx, next) => (streamsItsOwnBody(ctx) ? next() : parseBody(ctx, next))));
  app.use(named('request-context', requestContext()));
  app.use(named('authenticate', authenticate(s)));
  app.use(named('link-presenter', presentForLinks()));

  app.use(named('storage', serveStorage(s.storage)));
  const table = new RouteTable();
  registerDataRoutes(s, table);
  const extra = new Router<CadenceState>();
  extra.get('/api/openapi.json', (ctx) => {
    ctx.body = openapiDocument(table);
  });
  app.use(named('routes', dispatchByResource(table, { health: healthRouter(s), 'openapi.json': extra })));

  app.use(named('widgets', widgetsSlot('/widgets/', options.widgetsDir ?? path.join(packagesDir, 'widgets/dist-standalone'))));
  app.use(named('spa', spa(options.appDir ?? path.join(packagesDir, 'app/dist'), [...s.config.ALLOWED_ORIGINS])));
  return app;
}
