import { LIMITS } from '@cadence/core';
import { useId, useState, type ReactNode } from 'react';
import { useBusySubmit } from '../../ui/use-busy-submit';

export interface CredentialsFormProps {
  submitLabel: string;
  busyLabel: string;
  /** New accounts: the password needs at least 6 characters and autocomplete says new-password. */
  newPassword?: boolean;
  onSubmit: (email: string, password: string) => Promise<unknown>;
  footer?: ReactNode;
}

/** E-mail (required, e-mail type) and password (required), docs/product.md#auth. */
export function CredentialsForm({ submitLabel, busyLabel, newPassword, onSubmit, footer }: CredentialsFormProps): ReactNode {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, onSubmit: submit } = useBusySubmit(() => onSubmit(email.trim(), password));
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          required
          minLength={newPassword ? LIMITS.passwordMinLength : undefined}
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {newPassword && <p className="hint">At least {LIMITS.passwordMinLength} characters.</p>}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
      {footer}
    </form>
  );
}
