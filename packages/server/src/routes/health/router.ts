import Router from '@koa/router';
import type { CadenceState } from '../../http/authenticate';
import type { Services } from '../../services';

export function healthRouter(s: Services): Router<CadenceState> {
  const router = new Router<CadenceState>({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    await s.db.raw('select 1');
    ctx.body = { ok: true, database: s.dbKind };
  });
  return router;
}
