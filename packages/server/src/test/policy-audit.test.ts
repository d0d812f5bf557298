import Router from '@koa/router';
import { can } from '@cadence/core';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { CadenceState } from '../http/authenticate';
import { RouteTable } from '../http/route';
import { auditingMount, requestsWithoutCan } from './policy-audit';

// The audit the authorization matrix relies on must catch a route that skips `can()`.
vi.mock('@cadence/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@cadence/core')>();
  const { noteCan } = await import('./policy-audit');
  return { ...core, can: (...args: Parameters<typeof core.can>) => (noteCan(), core.can(...args)) };
});

let server: ReturnType<Koa['listen']>;
let url: string;

beforeAll(async () => {
  const table = new RouteTable();
  const route = { tag: 'T', summary: 'test' } as const;
  table.add({ ...route, method: 'get', path: '/api/asks', access: 'user', handler: async ({ auth }) => ({ ok: can(auth.principal, 'read', 'idea') }) });
  table.add({ ...route, method: 'get', path: '/api/skips', access: 'user', handler: async () => ({ ok: true }) });
  table.add({ ...route, method: 'get', path: '/api/admin', access: 'admin', handler: async () => ({ ok: true }) });
  table.add({ ...route, method: 'get', path: '/api/open', access: 'public', handler: async () => ({ ok: true }) });
  const router = new Router<CadenceState>();
  auditingMount(RouteTable.prototype.mount).call(table, router);
  const app = new Koa<CadenceState>();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      ctx.status = (err as { status?: number }).status ?? 500;
    }
  });
  app.use((ctx, next) => {
    if (ctx.get('Authorization')) ctx.state.auth = { principal: { userId: 'u1', role: null, permissions: [] }, user: null as never, sessionId: null };
    return next();
  });
  app.use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

it('should report a signed-in route whose handler answered without asking can(), and only that one', async () => {
  const get = (path: string, signedIn = true) => fetch(`${url}${path}`, signedIn ? { headers: { Authorization: 'Bearer x' } } : {}).then((r) => r.status);
  expect(await get('/api/asks')).toBe(200);
  expect(await get('/api/skips')).toBe(200);
  expect(await get('/api/skips', false)).toBe(401); // never reached the handler: nothing to report
  expect(await get('/api/admin')).toBe(403); // asked can() in the route layer, then refused
  expect(await get('/api/open', false)).toBe(200);
  expect(requestsWithoutCan().map((a) => a.route)).toEqual(['GET /api/skips']);
  expect(requestsWithoutCan(['GET /api/skips'])).toEqual([]);
});
