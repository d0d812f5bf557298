import { Loader2, Lock, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function LoadingState({ label = 'Loading…' }: { label?: string }): ReactNode {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <Loader2 className="spin" size={28} aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

/** The fallback for a page that needs a signed-in user (docs/product.md#routes: a card with Sign In). */
export function SignInCard({ message = 'Sign in to plan and track your marketing campaigns.' }: { message?: string }): ReactNode {
  return (
    <div className="state">
      <div className="card card--narrow">
        <Lock size={28} className="state__icon" aria-hidden="true" />
        <h1 className="card__title">Welcome to Cadence</h1>
        <p className="muted">{message}</p>
        <Link to="/auth" className="button button--primary">Sign In</Link>
      </div>
    </div>
  );
}

/** What a signed-in user without the needed permission sees instead of empty widgets or errors. */
export function NoAccess({ what = 'campaigns' }: { what?: string }): ReactNode {
  return (
    <div className="state">
      <div className="card card--narrow" role="note">
        <ShieldAlert size={28} className="state__icon" aria-hidden="true" />
        <h2 className="card__title">No access yet</h2>
        <p className="muted">
          Your account cannot see any {what} yet. Ask an administrator to grant you access in Settings.
        </p>
      </div>
    </div>
  );
}
