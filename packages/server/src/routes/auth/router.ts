import { abilities, toWirePrincipal } from '@cadence/core';
import { authUserResponseSchema, refreshSchema, sessionSchema, signInSchema, signUpSchema, userSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import { refresh, signIn, signOut, signUp } from '../../auth/sessions';
import { presentUser } from '../../auth/users';
import { issueOneTimeToken } from '../../auth/one-time-tokens';
import type { AuthState } from '../../auth/auth-state';
import type { RouteTable } from '../../http/route';
import { confirmationMail } from '../../mail/templates';
import type { Services } from '../../services';

// A cached caller (auth/credentials.ts) is one frozen AuthState for many requests: its answer
// here is worked out once (presenting the user and the abilities was ~2 % of this route's CPU).
const describeSelf = (auth: AuthState) => ({
  // A key bound to a view shows that view to whoever holds it: not who made it.
  user: auth.view ? { ...presentUser(auth.user), email: '', email_confirmed_at: null } : presentUser(auth.user),
  role: auth.principal.role,
  permissions: auth.principal.permissions,
  principal: toWirePrincipal(auth.principal),
  abilities: abilities(auth.principal),
});
const selfAnswers = new WeakMap<AuthState, ReturnType<typeof describeSelf>>();
function selfAnswer(auth: AuthState) {
  let answer = selfAnswers.get(auth);
  if (!answer) {
    answer = describeSelf(auth);
    if (Object.isFrozen(auth)) selfAnswers.set(auth, answer);
  }
  return answer;
}

const TAG = 'Auth';
const CONFIRMATION_TTL_MS = 7 * 86_400_000;

/** The confirmation link goes through the API, which confirms and then redirects to the site root. */
async function sendConfirmation(s: Services, user: { id: string; email: string }, site: string): Promise<void> {
  try {
    const token = await issueOneTimeToken(s.db, user.id, 'email_confirmation', CONFIRMATION_TTL_MS);
    await s.mailer.send(confirmationMail(user.email, `${site}/api/auth/confirm?token=${encodeURIComponent(token)}`));
  } catch (err) {
    // The account exists either way; a mail outage must not turn sign-up into an error.
    s.log.error({ err, email: user.email }, 'sending the confirmation mail failed');
  }
}

export function authRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'post',
    path: '/api/auth/signup',
    tag: TAG,
    summary: 'Create an account (password ≥ 6); the first account of an install becomes the administrator',
    access: 'public',
    status: 201,
    body: signUpSchema,
    response: z.object({ user: userSchema }),
    handler: async ({ body, ctx }) => {
      const ipKey = `ip:${ctx.ip}`;
      await s.limits.signUpPerIp.take(ipKey, 'Too many sign-ups from this network. Try again later.');
      const { user, isFirstAdmin } = await signUp(s, body);
      if (isFirstAdmin) s.log.info({ email: user.email }, 'first account created: it is the administrator');
      await sendConfirmation(s, user, s.site.url);
      return { user };
    },
  });

  t.add({
    method: 'post',
    path: '/api/auth/signin',
    tag: TAG,
    summary: 'Sign in with e-mail and password; failed attempts are rate-limited per address and per IP',
    access: 'public',
    body: signInSchema,
    response: sessionSchema,
    handler: ({ body, ctx }) => signIn(s, body, ctx.ip),
  });

  t.add({
    method: 'post',
    path: '/api/auth/refresh',
    tag: TAG,
    summary: 'Exchange a refresh token for a new session; the old token is spent',
    access: 'public',
    body: refreshSchema,
    response: sessionSchema,
    handler: ({ body }) => refresh(s, body.refresh_token),
  });

  t.add({
    method: 'post',
    path: '/api/auth/signout',
    tag: TAG,
    summary: "End the caller's session",
    access: 'user',
    status: 204,
    handler: async ({ auth }) => {
      if (auth.sessionId) await signOut(s, auth.sessionId);
    },
  });

  t.add({
    method: 'get',
    path: '/api/auth/user',
    tag: TAG,
    summary: "The caller, their role, permission records, abilities, and the principal core's can() takes (for a key: its read-only flag and channels)",
    access: 'user',
    response: authUserResponseSchema,
    handler: async ({ auth }) => selfAnswer(auth),
  });
}
