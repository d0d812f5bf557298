import { LIMITS, MESSAGES, createHttpClient } from '@cadence/core';
import { useId, useState, type ReactNode } from 'react';
import { AUTH_TOASTS, RESET_TOKEN_KEY } from '../../auth/auth-messages';
import { useToast } from '../../ui/toast';
import { useBusySubmit } from '../../ui/use-busy-submit';

/** Checks the two passwords (docs/product.md#validation-passwords); returns the toast to show, or null when they are fine. */
export function resetPasswordProblem(password: string, confirm: string): { title: string; description: string } | null {
  if (password !== confirm) return { title: MESSAGES.passwordsDontMatch, description: MESSAGES.passwordsDontMatchDetail };
  if (password.length < LIMITS.passwordMinLength) return { title: MESSAGES.passwordTooShort, description: MESSAGES.passwordTooShortDetail };
  return null;
}

async function updatePassword(newPassword: string): Promise<void> {
  const token = window.sessionStorage.getItem(RESET_TOKEN_KEY);
  if (!token) throw new Error(MESSAGES.resetTokenNotFound);
  await createHttpClient({ apiUrl: window.location.origin }).auth.updatePassword(token, newPassword);
}

/** Shown when the page was opened from a reset link; the token waits in session storage. */
export function ResetPasswordForm({ onDone }: { onDone: () => void }): ReactNode {
  const id = useId();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const update = async () => {
    try {
      await updatePassword(password);
      window.sessionStorage.removeItem(RESET_TOKEN_KEY);
      toast(AUTH_TOASTS.passwordUpdated);
      onDone();
    } catch (err) {
      console.error('[Cadence] updating the password failed', err);
      const message = err instanceof Error && err.message ? err.message : AUTH_TOASTS.passwordUpdateError.fallback;
      toast({ title: AUTH_TOASTS.passwordUpdateError.title, description: message, variant: 'destructive' });
    }
  };
  const { busy, onSubmit: submit } = useBusySubmit(() => {
    const problem = resetPasswordProblem(password, confirm);
    if (!problem) return update();
    toast({ ...problem, variant: 'destructive' });
    return undefined;
  });
  return (
    <form className="form" onSubmit={submit} aria-label="Reset password">
      <div className="field">
        <label htmlFor={`${id}-new`}>New Password</label>
        <input id={`${id}-new`} type="password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-confirm`}>Confirm New Password</label>
        <input id={`${id}-confirm`} type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </div>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Updating…' : 'Update Password'}
      </button>
    </form>
  );
}
