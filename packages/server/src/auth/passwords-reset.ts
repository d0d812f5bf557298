import type { SendPasswordResetRequest, UpdatePasswordRequest } from '@cadence/core';
import { fieldError, validationFailed } from '../errors';
import { passwordResetMail } from '../mail/templates';
import type { Services } from '../services';
import { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens';
import { findUserByEmail, normalizeEmail } from './users';

const RESET_TTL_MS = 3600_000;

/**
 * Mails a reset link when the address has an account. The answer is the same either way,
 * and the mail goes out after the answer, so neither content nor timing tells them apart.
 */
export async function sendPasswordReset(s: Services, input: SendPasswordResetRequest, ip: string, allowed: Set<string>): Promise<void> {
  if (!allowed.has(new URL(input.appUrl).origin)) throw fieldError('appUrl', 'appUrl must be one of the allowed origins');
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
    const token = await issueOneTimeToken(s.db, user.id, 'password_reset', RESET_TTL_MS);
    const link = `${input.appUrl.replace(/\/+$/, '')}/auth?token=${encodeURIComponent(token)}`;
    await s.mailer.send(passwordResetMail(user.email, link));
  })().catch((err) => s.log.error({ err }, 'sending a password reset mail failed'));
}

/** Sets a new password from a reset token (once, within the hour) and ends every session of the user. */
export async function updatePassword(s: Services, input: UpdatePasswordRequest): Promise<void> {
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
