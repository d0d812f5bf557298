import { randomUUID } from 'node:crypto';
import type { Session, SignInRequest, SignUpRequest } from '@cadence/core';
import { alreadyExists, forbidden, unauthorized } from '../errors';
import type { Services } from '../services';
import { hashToken } from './secrets';
import { FIRST_ADMIN_LOCK, issueSession } from './session-issue';
import { recheckAtRefresh } from './sso/flow';
import { findUserByEmail, normalizeEmail, presentUser, type UserRow } from './users';

const INVALID_CREDENTIALS = 'Invalid login credentials';
const passwordOffMessage = (s: Services) => `Password sign-in is turned off on this server. Sign in with ${s.config.OIDC_NAME}.`;

export interface SignUpResult {
  user: ReturnType<typeof presentUser>;
  isFirstAdmin: boolean;
}

/** Creates an account; the very first account on an install becomes the administrator. */
export async function signUp(s: Services, input: SignUpRequest): Promise<SignUpResult> {
  requirePasswordSignIn(s);
  const email = normalizeEmail(input.email);
  const passwordHash = await s.passwords.hash(input.password);
  return s.db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [FIRST_ADMIN_LOCK]);
    if (await findUserByEmail(trx, email)) throw alreadyExists('An account with this e-mail address already exists');
    const anyUser = await trx('users').first('id');
    const [user] = await trx<UserRow>('users').insert({ email, password_hash: passwordHash }).returning('*');
    if (!user) throw new Error('insert returned no row');
    if (!anyUser) await trx('user_roles').insert({ user_id: user.id, role: 'admin' });
    return { user: presentUser(user), isFirstAdmin: !anyUser };
  });
}

/**
 * Only failed attempts count toward the limits, per address and per IP. Unknown addresses
 * and wrong passwords get the same answer, after the same amount of hashing work.
 */
export async function signIn(s: Services, input: SignInRequest, ip: string): Promise<Session> {
  requirePasswordSignIn(s);
  const email = normalizeEmail(input.email);
  const emailKey = `email:${email}`;
  const ipKey = `ip:${ip}`;
  await s.limits.signInPerEmail.check(emailKey, 'Too many failed sign-in attempts for this address. Try again later.');
  await s.limits.signInPerIp.check(ipKey, 'Too many failed sign-in attempts. Try again later.');
  const user = await findUserByEmail(s.db, email);
  const ok = await s.passwords.verify(input.password, user?.password_hash);
  if (!ok || !user) {
    await Promise.all([s.limits.signInPerEmail.hit(emailKey), s.limits.signInPerIp.hit(ipKey)]);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  // Checked only after the password proved right, so it tells nobody else the account exists.
  if (s.oidc && (await s.db('user_identities').where({ user_id: user.id }).first('id'))) {
    throw forbidden(`This account signs in with ${s.config.OIDC_NAME}.`);
  }
  if (s.config.AUTH_REQUIRE_CONFIRMATION && !user.email_confirmed_at) {
    throw unauthorized('Confirm your e-mail address before signing in. Check your inbox for the link.');
  }
  return issueSession(s, s.db, user, randomUUID());
}

/**
 * Rotation: each refresh token works once. Presenting a spent one means it leaked, so the
 * whole family (every token descended from that sign-in) is revoked.
 */
export async function refresh(s: Services, refreshToken: string): Promise<Session> {
  const tokenHash = hashToken(refreshToken);
  const outcome = await s.db.transaction(async (trx) => {
    const [spent] = await trx('refresh_tokens')
      .where({ token_hash: tokenHash, spent_at: null, revoked_at: null })
      .andWhere('expires_at', '>', trx.fn.now())
      .update({ spent_at: trx.fn.now() })
      .returning(['user_id', 'family_id']);
    if (spent) {
      const user = await trx<UserRow>('users').where({ id: spent.user_id }).first();
      if (!user) return null;
      // AUTH_PASSWORD=off: only a session begun by single sign-on goes on; one begun with a
      // password (before the switch) ends here rather than refreshing forever.
      if (!s.config.AUTH_PASSWORD && !(await trx('sso_sessions').where({ family_id: spent.family_id }).first('family_id'))) {
        await trx('refresh_tokens').where({ family_id: spent.family_id, revoked_at: null }).update({ revoked_at: trx.fn.now() });
        return 'password_off' as const;
      }
      return { session: await issueSession(s, trx, user, spent.family_id), familyId: spent.family_id as string, userId: user.id };
    }
    const known = await trx('refresh_tokens').where({ token_hash: tokenHash }).first('family_id', 'spent_at');
    if (known?.spent_at) {
      await trx('refresh_tokens').where({ family_id: known.family_id, revoked_at: null }).update({ revoked_at: trx.fn.now() });
      s.log.warn({ family: known.family_id }, 'refresh token reused; session family revoked');
      return 'reused' as const;
    }
    return null;
  });
  if (outcome === 'reused' || outcome === 'password_off') s.principals.invalidate();
  if (outcome === 'reused') throw unauthorized('This session has ended. Sign in again.');
  if (outcome === 'password_off') throw unauthorized(passwordOffMessage(s));
  if (!outcome) throw unauthorized('Invalid or expired refresh token');
  if ((await recheckAtRefresh(s, outcome.familyId, outcome.userId)) === 'ended') {
    throw unauthorized(`Your sign-in with ${s.config.OIDC_NAME} has ended. Sign in again.`);
  }
  return outcome.session;
}

/** Ends the session: every refresh token of its family stops working, and so do its access tokens. */
export async function signOut(s: Services, sessionId: string): Promise<void> {
  await s.db('refresh_tokens').where({ family_id: sessionId, revoked_at: null }).update({ revoked_at: s.db.fn.now() });
  s.principals.invalidate();
}

/** True when the session family has been revoked (sign-out or reuse detection). */
export async function isSessionRevoked(s: Services, sessionId: string): Promise<boolean> {
  const row = await s.db('refresh_tokens').where({ family_id: sessionId }).whereNotNull('revoked_at').first('id');
  return !!row;
}

/** AUTH_PASSWORD=off: the server takes no password sign-in, sign-up or reset; SSO is the way in. */
export function requirePasswordSignIn(s: Services): void {
  if (!s.config.AUTH_PASSWORD) throw forbidden(passwordOffMessage(s));
}
