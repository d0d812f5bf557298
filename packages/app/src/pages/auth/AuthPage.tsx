import { lazyDialog, TabPanel, Tabs } from '@cadence/widgets';
import { CalendarRange } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { RESET_TOKEN_KEY } from '../../auth/auth-messages';
import { LoadingState } from '../../ui/states';
import { CredentialsForm } from './CredentialsForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SsoSignIn, useSsoRedirect } from './SsoSignIn';

// Its dialog (and Floating UI with it) loads when it first opens, not with the sign-in page.
const ForgotPasswordDialog = lazyDialog(() => import('./ForgotPasswordDialog').then((m) => m.ForgotPasswordDialog));

type AuthTab = 'signin' | 'signup';
const TABS = [
  { value: 'signin', label: 'Sign In' },
  { value: 'signup', label: 'Sign Up' },
] as const;

/**
 * Takes the reset token out of the address (so it stays out of history and referrers) into
 * session storage for the update call; true while a reset is under way.
 */
function useResetMode(): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const [resetting, setResetting] = useState(() => !!token || !!window.sessionStorage.getItem(RESET_TOKEN_KEY));
  useEffect(() => {
    if (!token) return;
    window.sessionStorage.setItem(RESET_TOKEN_KEY, token);
    setResetting(true);
    setParams((p) => {
      p.delete('token');
      return p;
    }, { replace: true });
  }, [token, setParams]);
  const done = () => {
    window.sessionStorage.removeItem(RESET_TOKEN_KEY);
    setResetting(false);
  };
  return [resetting, done];
}

/** docs/product.md#auth: Sign In and Sign Up tabs, forgot-password dialog, reset-password form. */
export function AuthPage(): ReactNode {
  const { user, loading, signIn, signUp, completeSso, providers } = useAuth();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AuthTab>('signin');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [resetting, endReset] = useResetMode();
  const idBase = useId();
  const sso = useSsoRedirect(completeSso);

  // Until the server says how people sign in, no form: a password form must not flash up where it is turned off.
  if (loading || sso.busy || !providers) return <LoadingState />;
  if (user && !resetting) return <Navigate to="/" replace />;

  const afterAuth = (result: { error: Error | null }) => {
    if (!result.error) navigate('/', { replace: true });
  };

  return (
    <div className="auth-page">
      <div className="auth-card card">
        <div className="auth-card__brand">
          <span className="sidebar__logo" aria-hidden="true"><CalendarRange size={20} /></span>
          <span>Cadence</span>
        </div>
        <h1 className="auth-card__title">{resetting ? 'Set a new password' : 'Marketing Campaign Calendar'}</h1>
        <p className="muted auth-card__subtitle">
          {resetting ? 'Choose a new password for your account.' : 'Plan, schedule and track campaigns across every channel.'}
        </p>
        {sso.error && !resetting && (
          <p className="form-error" role="alert">
            {sso.error}
          </p>
        )}
        {!resetting && providers?.sso && (
          <SsoSignIn name={providers.sso.name} startUrl={providers.sso.start_url} withPassword={providers.password} />
        )}
        {resetting ? (
          <ResetPasswordForm onDone={() => { endReset(); setTab('signin'); }} />
        ) : providers?.password === false ? null : (
          <>
            <Tabs label="Account" tabs={TABS} value={tab} onChange={setTab} idBase={idBase} className="tabs" />
            <TabPanel idBase={idBase} value={tab} className="tabs">
              {tab === 'signin' ? (
                <CredentialsForm
                  key="signin"
                  submitLabel="Sign In"
                  busyLabel="Signing in…"
                  onSubmit={async (email, password) => afterAuth(await signIn(email, password))}
                  footer={
                    <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
                      Forgot your password?
                    </button>
                  }
                />
              ) : (
                <CredentialsForm
                  key="signup"
                  submitLabel="Sign Up"
                  busyLabel="Creating account…"
                  newPassword
                  onSubmit={async (email, password) => afterAuth(await signUp(email, password))}
                />
              )}
            </TabPanel>
          </>
        )}
      </div>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
