import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { LIMITS } from '@cadence/core';
import Router from '@koa/router';
import { registerDataRoutes } from '../routes/index';
import { openapiDocument } from '../routes/openapi/document';
import { RouteTable } from './route';
import { serveStorage } from '../routes/storage/routes';
import { streamsItsOwnBody } from '../routes/imports';
import { healthRouter } from '../routes/health/router';
import type { Services } from '../services';
import { authenticate, type CadenceState } from './authenticate';
import { corsForAllowedOrigins } from './cors';
import { onerror } from './onerror';
import { spa, staticSlot } from './static';

export interface AppOptions {
  /** Built SPA; defaults to packages/app/dist beside this package. */
  appDir?: string;
  /** Built standalone widget bundle; defaults to packages/widgets/dist-standalone. */
  widgetsDir?: string;
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

/** The Koa application: error mapper → body limits → authentication → routes → static slots. */
export function createApp(s: Services, options: AppOptions = {}): Koa<CadenceState> {
  const app = new Koa<CadenceState>();
  app.proxy = s.config.TRUST_PROXY;
  app.silent = true;

  app.use(onerror(s.log));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    await next();
  });
  app.use(corsForAllowedOrigins(s));
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
  app.use((ctx, next) => (streamsItsOwnBody(ctx) ? next() : parseBody(ctx, next)));
  app.use(authenticate(s));

  app.use(serveStorage(s.storage));
  const table = new RouteTable();
  registerDataRoutes(s, table);
  const extra = new Router<CadenceState>();
  extra.get('/api/openapi.json', (ctx) => {
    ctx.body = openapiDocument(table);
  });
  app.use(dispatchByResource(table, { health: healthRouter(s), 'openapi.json': extra }));

  app.use(staticSlot('/widgets/', options.widgetsDir ?? path.join(packagesDir, 'widgets/dist-standalone')));
  app.use(spa(options.appDir ?? path.join(packagesDir, 'app/dist'), [...s.config.ALLOWED_ORIGINS]));
  return app;
}

/** `/api/campaigns/…` → `campaigns`: the part of a path that picks its router. */
const resourceOf = (path: string): string => path.split('/', 3)[2] ?? '';

/**
 * One small router per resource (`/api/<resource>…`), picked by a map lookup: @koa/router tests
 * every route's pattern in turn, and with ~100 routes in one router that matching was ~20 % of
 * a trivial authenticated request (docs/performance.md). 404 and 405 answers are unchanged.
 */
function dispatchByResource(table: RouteTable, others: Record<string, Router<CadenceState>>): Koa.Middleware<CadenceState> {
  const byResource = new Map<string, Koa.Middleware<CadenceState>>();
  const add = (resource: string, router: Router<CadenceState>) => {
    const routes = router.routes() as Koa.Middleware<CadenceState>;
    const allowed = router.allowedMethods() as Koa.Middleware<CadenceState>;
    byResource.set(resource, (ctx, next) => routes(ctx, () => allowed(ctx, next)));
  };
  for (const resource of new Set(table.routes.map((r) => resourceOf(r.path)))) {
    const router = new Router<CadenceState>();
    table.mount(router, (path) => resourceOf(path) === resource);
    add(resource, router);
  }
  for (const [resource, router] of Object.entries(others)) {
    if (byResource.has(resource)) throw new Error(`two routers claim /api/${resource}`);
    add(resource, router);
  }
  return (ctx, next) => {
    const handle = ctx.path.startsWith('/api/') ? byResource.get(resourceOf(ctx.path)) : undefined;
    return handle ? handle(ctx, next) : next();
  };
}
