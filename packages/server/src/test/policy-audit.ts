import { AsyncLocalStorage } from 'node:async_hooks';
// Types only: this module is loaded from inside the test's mock of '@cadence/core' (see
// authorization-matrix.suite.ts), so importing anything that imports core would be circular.
import type Router from '@koa/router';
import type { Access, RouteDef, RouteTable } from '../http/route';

/**
 * Proof that routes decide through core's `can()` (docs/adr/0017), in their handler or their
 * `permit`: each request a route answers is followed in an AsyncLocalStorage context from the
 * route's first middleware, the test's wrapped `can()` counts into it, and a request that reached
 * a signed-in route's handler without one `can()` call is a finding.
 */
export interface RequestAudit {
  route: string;
  access: Access;
  reachedHandler: boolean;
  asked: number;
}

const current = new AsyncLocalStorage<RequestAudit>();
const finished: RequestAudit[] = [];

/** Called by the wrapped `can()`: one permission question asked within the current request. */
export function noteCan(): void {
  const audit = current.getStore();
  if (audit) audit.asked++;
}

/** Every request answered since the audit began. */
export const auditedRequests = (): readonly RequestAudit[] => finished;

/** Requests to signed-in routes (other than `exempt`) whose handler ran without asking `can()`. */
export function requestsWithoutCan(exempt: readonly string[] = []): RequestAudit[] {
  return finished.filter((a) => a.access !== 'public' && a.reachedHandler && a.asked === 0 && !exempt.includes(a.route));
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const wrapped = new WeakSet<RouteDef>();

/**
 * Makes `RouteTable#mount` follow each request. Pass the class and its original `mount`; returns
 * the replacement for a `vi.spyOn(RouteTable.prototype, 'mount').mockImplementation(…)`.
 */
export function auditingMount(originalMount: RouteTable['mount']): RouteTable['mount'] {
  return function mount(this: RouteTable, router, only) {
    for (const def of this.routes) {
      if (wrapped.has(def)) continue;
      const handler = def.handler;
      def.handler = (input) => {
        const audit = current.getStore();
        if (audit) audit.reachedHandler = true;
        return handler(input);
      };
      wrapped.add(def);
    }
    const table = this;
    const follow = Object.create(router) as Router<any>;
    for (const method of METHODS) {
      (follow as any)[method] = (path: string, ...middleware: any[]) => {
        const def = table.routes.find((d) => d.method === method && d.path === path);
        // Followed from the route's first middleware: a route's `permit` asks can() in a guard, before its handler.
        return router[method](path, (_ctx: any, next: any) => {
          const audit: RequestAudit = { route: `${method.toUpperCase()} ${path}`, access: def?.access ?? 'user', reachedHandler: false, asked: 0 };
          finished.push(audit);
          return current.run(audit, () => next());
        }, ...middleware);
      };
    }
    return originalMount.call(this, follow, only);
  };
}

/**
 * Core with a `can()` that counts each call against the request in flight, for a test file's
 * `vi.mock('@cadence/core', (original) => countingCore(original))` (docs/adr/0017).
 */
export async function countingCore(importOriginal: <T>() => Promise<T>): Promise<typeof import('@cadence/core')> {
  const core = await importOriginal<typeof import('@cadence/core')>();
  return { ...core, can: (...args: Parameters<typeof core.can>) => (noteCan(), core.can(...args)) };
}
