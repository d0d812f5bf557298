import Router from '@koa/router';
import { abilities, refreshSchema, signInSchema, signUpSchema } from '@cadence/core';
import { refresh, signIn, signOut, signUp } from '../../auth/sessions';
import { presentUser } from '../../auth/users';
import { requireAuth, type CadenceState } from '../../http/authenticate';
import { parseBody } from '../../http/validate';
import type { Services } from '../../services';

export function authRouter(s: Services): Router<CadenceState> {
  const router = new Router<CadenceState>({ prefix: '/api/auth' });

  router.post('/signup', async (ctx) => {
    const ipKey = `ip:${ctx.ip}`;
    s.limits.signUpPerIp.check(ipKey, 'Too many sign-ups from this network. Try again later.');
    s.limits.signUpPerIp.hit(ipKey);
    const input = parseBody(ctx, signUpSchema);
    const { user, isFirstAdmin } = await signUp(s, input);
    if (isFirstAdmin) s.log.info({ email: user.email }, 'first account created: it is the administrator');
    ctx.status = 201;
    ctx.body = { user };
  });

  router.post('/signin', async (ctx) => {
    const input = parseBody(ctx, signInSchema);
    ctx.body = await signIn(s, input, ctx.ip);
  });

  router.post('/refresh', async (ctx) => {
    const input = parseBody(ctx, refreshSchema);
    ctx.body = await refresh(s, input.refresh_token);
  });

  router.post('/signout', async (ctx) => {
    const auth = requireAuth(ctx);
    if (auth.sessionId) await signOut(s, auth.sessionId);
    ctx.status = 204;
  });

  router.get('/user', async (ctx) => {
    const { user, principal } = requireAuth(ctx);
    ctx.body = {
      user: presentUser(user),
      role: principal.role,
      permissions: principal.permissions,
      abilities: abilities(principal),
    };
  });

  return router;
}
