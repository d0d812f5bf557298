import { createHttpClient } from '@cadence/core';
import { Dialog, Field, FormActions } from '@cadence/widgets';
import { useState, type ReactNode } from 'react';
import { AUTH_TOASTS } from '../../auth/auth-messages';
import { useToast } from '../../ui/toast';
import { useBusySubmit } from '../../ui/use-busy-submit';

/** docs/product.md#auth: asks for an e-mail and sends a reset link back to this site. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
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
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      size="sm"
      title="Reset your password"
      description="Enter your e-mail address and we will send you a link to reset your password."
    >
      <form className="cad-form" onSubmit={submit}>
        <Field label="Email">
          {(control) => (
            <input {...control} className="cad-input" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <FormActions onCancel={onClose} saving={busy}>{busy ? 'Sending…' : 'Send Reset Link'}</FormActions>
      </form>
    </Dialog>
  );
}
