import { CadenceProvider, CadenceStyles, type RealtimeLike, type Toast } from '@cadence/widgets';
import { useCallback, useMemo, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { useAuth } from './auth/auth-context';
import { AuthProvider } from './auth/AuthProvider';
import { AppRoutes } from './router';
import { ToastProvider, useToast } from './ui/toast';

/** Signed out there is no feed to open. */
const NO_REALTIME: RealtimeLike = { subscribe: () => () => undefined };
const NoToastSlot = () => null;

/**
 * The widgets' provider for the signed-in user. It is keyed by user, so signing in as someone
 * else starts with an empty cache and a fresh realtime connection.
 */
function WidgetsProvider({ children }: { children: ReactNode }): ReactNode {
  const { user, checked, getAccessToken, renewAccessToken } = useAuth();
  const showToast = useToast();
  const auth = useMemo(() => ({ getToken: getAccessToken, refreshToken: renewAccessToken }), [getAccessToken, renewAccessToken]);
  const forward = useCallback(
    (t: Toast) =>
      showToast({
        title: t.title,
        ...(t.description ? { description: t.description } : {}),
        ...(t.variant ? { variant: t.variant } : {}),
        ...(t.action ? { action: t.action } : {}),
      }),
    [showToast],
  );
  return (
    <CadenceProvider
      key={user?.id ?? 'signed-out'}
      apiUrl={window.location.origin}
      auth={auth}
      {...(user ? {} : { realtime: NO_REALTIME })}
      // The session check's answer: the dashboard need not ask the server who the user is again.
      {...(user && checked?.user.id === user.id ? { user: checked } : {})}
      toastSlot={NoToastSlot}
      onToast={forward}
    >
      {children}
    </CadenceProvider>
  );
}

export function App(): ReactNode {
  return (
    <ToastProvider>
      <CadenceStyles />
      <AuthProvider>
        <WidgetsProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </WidgetsProvider>
      </AuthProvider>
    </ToastProvider>
  );
}
