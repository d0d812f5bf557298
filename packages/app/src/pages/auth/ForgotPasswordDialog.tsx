import { createHttpClient } from '@cadence/core';
import { useId, useState, type ReactNode } from 'react';
import { AUTH_TOASTS } from '../../auth/auth-messages';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast';
import { useBusySubmit } from '../../ui/use-busy-submit';

/** docs/product.md#auth: asks for an e-mail and sends a reset link back to this site. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  const id = useId();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const { busy, onSubmit: submit } = useBusySubmit(async () => {
    try {
      const client = createHttpClient({ apiUrl: window.location.origin });
      // No appUrl: the app is the site, and the server builds the link from PUBLIC_URL.
      await client.auth.sendPasswordReset(email.trim());
      toast(AUTH_TOASTS.resetSent);
      setEmail('');
      onClose();
    } catch (err) {
      console.error('[Cadence] sending the reset e-mail failed', err);
      toast({ ...AUTH_TOASTS.resetSendError, variant: 'destructive' });
    }
  });
  return (
    <Dialog open={open} onClose={onClose} title="Reset your password" description="Enter your e-mail address and we will send you a link to reset your password.">
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="row row--end">
          <button type="button" className="button" onClick={onClose}>Cancel</button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send Reset Link'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
