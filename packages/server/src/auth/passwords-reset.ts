import type { SendPasswordResetRequest, UpdatePasswordRequest } from '@cadence/core';
import { fieldError, validationFailed } from '../errors';
import { isAllowedOrigin, type Site } from '../http/origins';
import { passwordResetMail } from '../mail/templates';
import type { Services } from '../services';
import { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens';
import { findUserByEmail, normalizeEmail } from './users';
import { requirePasswordSignIn } from './sessions';

const RESET_TTL_MS = 3600_000;

/**
 * The page the reset link opens: the site itself, or `appUrl` when the site embeds the app on an
 * allowed origin. Anything else is refused: a link to another origin would hand it the token.
 */
export function resetLinkBase(site: Site, appUrl: string | undefined): string {
  if (appUrl === undefined) return site.url;
  if (!appUrl || !isAllowedOrigin(site, appUrl) || !/^https?:$/.test(new URL(appUrl).protocol)) {
    throw fieldError('appUrl', `appUrl must be on this site (${site.url}) or one of its allowed origins`);
  }
  return appUrl.replace(/\/+$/, '');
}

/**
 * Mails a reset link when the address has an account. The answer is the same either way,
 * and the mail goes out after the answer, so neither content nor timing tells them apart.
 */
export async function sendPasswordReset(s: Services, input: SendPasswordResetRequest, ip: string): Promise<void> {
  requirePasswordSignIn(s);
  const base = resetLinkBase(s.site, input.appUrl);
  await s.limits.resetPerIp.take(`ip:${ip}`, 'Too many reset requests from this network. Try again later.');
  const emailKey = `email:${normalizeEmail(input.email)}`;
  try {
    await s.limits.resetPerEmail.take(emailKey);
  } catch {
    return; // One mail per address per minute; the answer stays the same.
  }
  void (async () => {
    const user = await findUserByEmail(s.db, input.email);
    if (!user) return;
    // An account that signs in with SSO gets no password: it would outlive removal at the provider.
    if (s.oidc && (await s.db('user_identities').where({ user_id: user.id }).first('id'))) return;
    const token = await issueOneTimeToken(s.db, user.id, 'password_reset', RESET_TTL_MS);
    const link = `${base}/auth?token=${encodeURIComponent(token)}`;
    await s.mailer.send(passwordResetMail(user.email, link));
  })().catch((err) => s.log.error({ err }, 'sending a password reset mail failed'));
}

/** Sets a new password from a reset token (once, within the hour) and ends every session of the user. */
export async function updatePassword(s: Services, input: UpdatePasswordRequest): Promise<void> {
  requirePasswordSignIn(s);
  const hash = await s.passwords.hash(input.newPassword);
  await s.db.transaction(async (trx) => {
    const userId = await consumeOneTimeToken(trx, input.token, 'password_reset');
    if (!userId) {
      throw validationFailed('This reset link is invalid or has expired. Please request a new reset link.', [
        { path: 'token', message: 'Invalid or expired' },
      ]);
    }
    await trx('users')
      .where({ id: userId })
      .update({ password_hash: hash, updated_at: trx.fn.now(), email_confirmed_at: trx.raw('coalesce(email_confirmed_at, now())') });
    await trx('refresh_tokens').where({ user_id: userId, revoked_at: null }).update({ revoked_at: trx.fn.now() });
  });
  s.principals.invalidate();
}
