import type { Middleware, ParameterizedContext } from 'koa';
import type { AuthState } from '../auth/auth-state';
import { resolveCredential } from '../auth/credentials';
import { unauthorized } from '../errors';
import type { Services } from '../services';

// Re-exported so the route helpers keep one import for the request's state types.
export type { AuthState };

export interface CadenceState {
  auth: AuthState | null;
  /** Why a presented credential was refused; reported only by routes that need sign-in. */
  authFailure?: string;
}

export type Ctx = ParameterizedContext<CadenceState>;

const BEARER = /^Bearer\s+(\S+)$/i;

/** Resolves the caller from `Authorization: Bearer …`; anonymous callers pass with `auth: null`. */
export function authenticate(s: Services): Middleware<CadenceState> {
  return async (ctx, next) => {
    ctx.state.auth = null;
    const header = ctx.get('Authorization');
    if (header) {
      const token = BEARER.exec(header)?.[1];
      const result = token ? await resolveCredential(s, token) : { failure: 'Use Authorization: Bearer <token>' };
      if ('auth' in result) ctx.state.auth = result.auth;
      else ctx.state.authFailure = result.failure;
    }
    await next();
  };
}

/** The signed-in caller, or a 401 that says why. */
export function requireAuth(ctx: Ctx): AuthState {
  if (!ctx.state.auth) throw unauthorized(ctx.state.authFailure ?? 'Sign in to continue');
  return ctx.state.auth;
}
