import type { Principal } from '@cadence/core';
import type { Middleware, ParameterizedContext } from 'koa';
import { isSessionRevoked } from '../auth/sessions';
import { loadPrincipalRecord, toPrincipal, type UserRow } from '../auth/users';
import { unauthorized } from '../errors';
import type { Services } from '../services';

export interface AuthState {
  principal: Principal;
  user: UserRow;
  /** The refresh-token family of a user session; null for an access key. */
  sessionId: string | null;
}

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
      const match = BEARER.exec(header);
      const claims = match?.[1] ? await s.jwt.verify(match[1]) : null;
      if (!claims) {
        ctx.state.authFailure = 'Invalid or expired access token';
      } else {
        const [record, revoked] = await Promise.all([
          loadPrincipalRecord(s.db, claims.userId),
          isSessionRevoked(s, claims.sessionId),
        ]);
        if (!record || revoked) ctx.state.authFailure = 'This session has ended. Sign in again.';
        else ctx.state.auth = { principal: toPrincipal(record), user: record.user, sessionId: claims.sessionId };
      }
    }
    await next();
  };
}

/** The signed-in caller, or a 401 that says why. */
export function requireAuth(ctx: Ctx): AuthState {
  if (!ctx.state.auth) throw unauthorized(ctx.state.authFailure ?? 'Sign in to continue');
  return ctx.state.auth;
}
