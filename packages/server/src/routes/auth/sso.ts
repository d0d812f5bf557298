import { ssoErrorMessage } from '@cadence/core';
import { authProvidersSchema, sessionSchema, ssoExchangeSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import { exchangeHandoff, finishSignIn, isLoopbackRedirect, startSignIn } from '../../auth/sso/flow';
import { classifyOidcError, SsoError } from '../../auth/sso/oidc';
import { AppError, fieldError, validationFailed } from '../../errors';
import type { Ctx } from '../../http/authenticate';
import { parseOrThrow } from '../../http/zod-errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';

const TAG = 'Auth';
const COOKIE = 'cadence_sso';
const COOKIE_PATH = '/api/auth/sso';

/** The binding cookie: httpOnly, sent back only to the callback's path, gone after ten minutes. */
function setBinding(s: Services, ctx: Ctx, value: string, maxAge: number): void {
  const secure = s.site.url.startsWith('https:') ? '; Secure' : '';
  ctx.append('Set-Cookie', `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`);
}

/**
 * The sign-in page reads what happened from the fragment: a one-time code to exchange, or an
 * error code it has a message for. A fragment never reaches a server or a Referer header, and the
 * code is worth nothing after one exchange or a minute.
 */
const toSignInPage = (s: Services, ctx: Ctx, fragment: string) => ctx.redirect(`${s.site.url}/auth#${fragment}`);

export function ssoRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: '/api/auth/providers', tag: TAG, access: 'public',
    summary: 'How people sign in here: password (unless AUTH_PASSWORD=off) and single sign-on with its display name',
    response: authProvidersSchema,
    handler: async () => ({
      password: s.config.AUTH_PASSWORD,
      sso: s.oidc ? { name: s.config.OIDC_NAME, start_url: '/api/auth/sso/start' } : null,
    }),
  });

  // Checked in the handler, after "is single sign-on on at all": with it off the route answers 404 whatever the query.
  const cliQuery = z.object({
    redirect_uri: z
      .string()
      .max(300)
      .refine(isLoopbackRedirect, { error: 'must be http://127.0.0.1:{port}/callback or http://[::1]:{port}/callback (the CLI\'s loopback address)' })
      .optional(),
    code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be the base64url SHA-256 of the client secret' }).optional(),
  });

  t.add({
    method: 'get', path: '/api/auth/sso/start', tag: TAG, access: 'public',
    summary:
      "Redirects to the identity provider's sign-in (authorization code with PKCE, state and nonce); the CLI adds a code_challenge and a loopback " +
      'redirect_uri (RFC 8252: http://127.0.0.1:{port}/callback or http://[::1]:{port}/callback). 404 when single sign-on is not set up',
    query: z.object({ redirect_uri: z.string().max(300).optional(), code_challenge: z.string().max(100).optional() }),
    handler: async ({ ctx, query: raw }) => {
      if (!s.oidc) throw new AppError(404, 'not_found', 'Single sign-on is not set up on this server');
      const query = parseOrThrow(cliQuery, raw);
      if (!!query.redirect_uri !== !!query.code_challenge) {
        throw validationFailed('redirect_uri and code_challenge go together', [{ path: query.redirect_uri ? 'code_challenge' : 'redirect_uri', message: 'Required' }]);
      }
      try {
        const client = query.redirect_uri ? { redirectUri: query.redirect_uri, challenge: query.code_challenge! } : null;
        const { url, binding } = await startSignIn(s, client);
        setBinding(s, ctx, binding, 600);
        ctx.set('Cache-Control', 'no-store');
        ctx.redirect(url.href);
      } catch (err) {
        const e = classifyOidcError(err);
        s.log.warn({ code: e.code, reason: e.message }, 'single sign-on could not start');
        if (query.redirect_uri) {
          // The CLI waits on its loopback address: tell it there, not on the sign-in page.
          const back = new URL(query.redirect_uri);
          back.searchParams.set('sso_error', e.code);
          ctx.redirect(back.href);
        } else toSignInPage(s, ctx, `sso_error=${e.code}`);
      }
      return undefined;
    },
  });

  t.add({
    method: 'get', path: '/api/auth/sso/callback', tag: TAG, access: 'public',
    summary: 'Where the identity provider sends the browser back; verifies everything, then redirects to /auth#sso_code=… (or #sso_error=…)',
    query: z.record(z.string(), z.string().max(4096)),
    handler: async ({ ctx, query }) => {
      const ipKey = `ip:${ctx.ip}`;
      setBinding(s, ctx, '', 0);
      ctx.set('Cache-Control', 'no-store');
      try {
        await s.limits.signInPerIp.check(ipKey, 'Too many failed sign-in attempts. Try again later.');
      } catch {
        toSignInPage(s, ctx, 'sso_error=rate_limited');
        return undefined;
      }
      let loopback: string | null = null;
      const back = (result: string) => {
        if (!loopback) return toSignInPage(s, ctx, result);
        // The CLI's own loopback server reads the query (it has no fragment to read).
        const url = new URL(loopback);
        const [k, v] = result.split('=');
        url.searchParams.set(k!, decodeURIComponent(v!));
        ctx.redirect(url.href);
      };
      try {
        const code = await finishSignIn(s, query, ctx.cookies.get(COOKIE), (r) => (loopback = r.redirect_to));
        back(`sso_code=${encodeURIComponent(code)}`);
      } catch (err) {
        const e = err instanceof SsoError ? err : classifyOidcError(err);
        if (!(err instanceof SsoError) && e.code === 'token_invalid') s.log.error({ err }, 'single sign-on callback failed');
        // Only the code and our own description: never the query, which carries the provider's code and state.
        s.log.warn({ code: e.code, reason: e.message }, 'single sign-on refused');
        await s.limits.signInPerIp.hit(ipKey);
        back(`sso_error=${e.code}`);
      }
      return undefined;
    },
  });

  t.add({
    method: 'post', path: '/api/auth/sso/exchange', tag: TAG, access: 'public',
    summary: 'Exchange the one-time code from the sign-in redirect for a session (once, within a minute; with the CLI\'s code_verifier when it started the sign-in)',
    body: ssoExchangeSchema, response: sessionSchema,
    handler: async ({ body }) => {
      try {
        return await exchangeHandoff(s, body.code, body.code_verifier);
      } catch (err) {
        if (err instanceof SsoError) throw fieldError('code', ssoErrorMessage(err.code));
        throw err;
      }
    },
  });
}
