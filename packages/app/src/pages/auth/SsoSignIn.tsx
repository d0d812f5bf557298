import { ssoErrorMessage } from '@cadence/core';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * What the single sign-on redirect left in the address: `#sso_code=…` to exchange, or
 * `#sso_error=…` to explain. Read once and wiped, so neither stays in history or a bookmark.
 */
export function useSsoRedirect(complete: (code: string) => Promise<{ error: Error | null }>): { busy: boolean; error: string | null } {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>(() => {
    const params = new URLSearchParams(window.location.hash.slice(1));
    return { busy: params.has('sso_code'), error: params.has('sso_error') ? ssoErrorMessage(params.get('sso_error')) : null };
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.hash.slice(1));
    const code = params.get('sso_code');
    if (params.has('sso_code') || params.has('sso_error')) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
    if (!code) return;
    void complete(code).then(({ error }) => setState({ busy: false, error: error ? error.message : null }));
  }, [complete]);
  return state;
}

export interface SsoSignInProps {
  name: string;
  startUrl: string;
  /** Whether the password form is shown below (then an "or" separates them). */
  withPassword: boolean;
}

/** "Sign in with {name}": a plain link, so the browser goes to the provider and comes back. */
export function SsoSignIn({ name, startUrl, withPassword }: SsoSignInProps): ReactNode {
  return (
    <div className="sso-signin">
      <a className="button button--primary button--block" href={startUrl}>
        <KeyRound size={16} aria-hidden="true" />
        Sign in with {name}
      </a>
      {withPassword && <p className="sso-signin__or muted">or use your e-mail and password</p>}
    </div>
  );
}
