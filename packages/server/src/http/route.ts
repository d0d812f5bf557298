import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { can } from '@cadence/core';
import { idSchema } from '@cadence/core/schemas';
import type { z } from 'zod';
import { forbidden, notFound, validationFailed } from '../errors';
import { requireAuth, type AuthState, type CadenceState, type Ctx } from './authenticate';
import { checkContentType } from './content-type';
import { parseOrThrow } from './zod-errors';

export type Access = 'public' | 'user' | 'admin';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface HandlerInput<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
  auth: AuthState;
  ifMatch: number | null;
  ctx: Ctx;
}

export interface RouteDef<B = unknown, Q = unknown> {
  method: Method;
  /** Koa-router path, e.g. `/api/campaigns/:id`; every `:id`-style parameter must be a uuid, unless `params` says otherwise. */
  path: string;
  /** Path parameters that are not uuids, with the pattern they must match (else 404). */
  params?: Record<string, { pattern: RegExp; description: string }>;
  summary: string;
  tag: string;
  access: Access;
  body?: z.ZodType<B>;
  /** Documents a body the handler parses itself (e.g. one row or many). */
  bodyDoc?: z.ZodType;
  query?: z.ZodType<Q>;
  /**
   * Who may call it beyond `access`: throws (forbidden) for a principal that may not. Runs with
   * the access check, before `middleware`, so a refused request's body is never read.
   */
  permit?: (auth: AuthState) => void;
  /** Route-specific middleware, run after the access check and `permit`, before validation (e.g. a multipart parser). */
  middleware?: Middleware<CadenceState>[];
  response?: z.ZodType;
  /** Headers of a successful answer, by name, with what they carry (for the OpenAPI description). */
  responseHeaders?: Record<string, string>;
  /** Status for a successful answer; 204 answers carry no body. */
  status?: number;
  /** Request content types other than JSON this route takes (for the OpenAPI description). */
  consumes?: string[];
  handler: (input: HandlerInput<B, Q>) => Promise<unknown>;
}

const IF_MATCH = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/;

/** `If-Match: "3"` or `3`; absent means "apply regardless" (docs/architecture.md#versions). */
export function parseIfMatch(ctx: Ctx): number | null {
  const header = ctx.get('If-Match');
  if (!header || header.trim() === '*') return null;
  const m = IF_MATCH.exec(header);
  if (!m) throw validationFailed('If-Match must be the row version, e.g. "3"', [{ path: 'If-Match', message: 'Not a version' }]);
  return Number(m[1]);
}

const ANONYMOUS: AuthState = { principal: { userId: '', role: null, permissions: [] }, user: null as never, sessionId: null };

/** A list of routes: mounted on a router and described by the OpenAPI document, from one definition. */
export class RouteTable {
  readonly routes: RouteDef<any, any>[] = [];

  add<B, Q>(def: RouteDef<B, Q>): void {
    this.routes.push(def as RouteDef<any, any>);
  }

  mount(router: Router<CadenceState>, only?: (path: string) => boolean): void {
    for (const def of this.routes) {
      if (only && !only(def.path)) continue;
      const bodyKinds = { json: !!(def.body ?? def.bodyDoc), consumes: def.consumes ?? [] };
      const guardBody: Middleware<CadenceState> = (ctx, next) => {
        checkContentType(ctx, bodyKinds);
        return next();
      };
      const authOf = (ctx: Ctx): AuthState => (def.access === 'public' ? (ctx.state.auth ?? ANONYMOUS) : requireAuth(ctx));
      // 401 / 403 before any route middleware: a multipart parser must not write to disk what a
      // caller who may not upload sends.
      const guardAccess: Middleware<CadenceState> = (ctx, next) => {
        const auth = authOf(ctx);
        if (def.access === 'admin' && !can(auth.principal, 'administer', 'user')) throw forbidden('Only administrators can do this');
        def.permit?.(auth);
        return next();
      };
      const guards = def.method === 'get' || def.method === 'delete' ? [guardAccess] : [guardBody, guardAccess];
      router[def.method](def.path, ...guards, ...(def.middleware ?? []), async (ctx) => {
        const auth = authOf(ctx);
        const params: Record<string, string> = { ...ctx.params };
        for (const [name, value] of Object.entries(params)) {
          const own = def.params?.[name];
          if (own ? !own.pattern.test(value) : !idSchema.safeParse(value).success) throw notFound();
          params[name] = value;
        }
        const body = def.body ? parseOrThrow(def.body, ctx.request.body === undefined ? {} : ctx.request.body) : undefined;
        const query = def.query ? parseOrThrow(def.query, { ...ctx.query }) : undefined;
        const result = await def.handler({ body, query, params, auth, ifMatch: parseIfMatch(ctx), ctx });
        if (ctx.body !== undefined && result === undefined) return; // the handler answered itself
        ctx.status = def.status ?? 200;
        if (ctx.status === 204) return;
        const version = (result as { version?: unknown } | null)?.version;
        if (typeof version === 'number') ctx.set('ETag', `"${version}"`);
        ctx.body = result;
      });
    }
  }
}
