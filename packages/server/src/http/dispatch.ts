import Router from '@koa/router';
import type Koa from 'koa';
import type { CadenceState } from './authenticate';
import type { RouteTable } from './route';

/** `/api/campaigns/…` → `campaigns`: the part of a path that picks its router (without splitting: it runs on every request). */
const resourceOf = (path: string): string => {
  const start = path.indexOf('/', 1) + 1;
  if (start === 0) return '';
  const end = path.indexOf('/', start);
  return end < 0 ? path.slice(start) : path.slice(start, end);
};

/**
 * One small router per resource (`/api/<resource>…`), picked by a map lookup: @koa/router tests
 * every route's pattern in turn, and with ~100 routes in one router that matching was ~20 % of
 * a trivial authenticated request (docs/performance.md). 404 and 405 answers are unchanged.
 */
export function dispatchByResource(table: RouteTable, others: Record<string, Router<CadenceState>>): Koa.Middleware<CadenceState> {
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
