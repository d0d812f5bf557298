import { CadenceApiError, createHttpClient, type AuthProviders, type AuthUserResponse, type CadenceClient, type Session } from '@cadence/core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useToast } from '../ui/toast';
import { AUTH_TOASTS } from './auth-messages';
import { AuthContext, type AuthContextValue, type AuthResult } from './auth-context';
import { browserSessionManager, type SessionManager } from './session-manager';

export interface AuthProviderProps {
  /** Server origin; default this page's. */
  apiUrl?: string;
  /** Injected manager (tests); default one on local storage. */
  manager?: SessionManager;
  children?: ReactNode;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/** Holds the session (docs/product.md#auth-session): user, session, loading; sign-up, sign-in, sign-out. */
export function AuthProvider({ apiUrl = window.location.origin, manager: injected, children }: AuthProviderProps): ReactNode {
  const toast = useToast();
  const anonymous = useMemo<CadenceClient>(() => createHttpClient({ apiUrl }), [apiUrl]);
  const [manager] = useState(() => injected ?? browserSessionManager((token) => anonymous.auth.refresh(token)));
  const authed = useMemo<CadenceClient>(() => createHttpClient({ apiUrl, getToken: () => manager.getAccessToken(), refreshToken: () => manager.renewAccessToken() }), [apiUrl, manager]);
  const [session, setSession] = useState<Session | null>(manager.current);
  const [loading, setLoading] = useState(true);
  const [checked, setChecked] = useState<AuthUserResponse | null>(null);
  const [providers, setProviders] = useState<AuthProviders | null>(null);

  useEffect(() => {
    let cancelled = false;
    anonymous.auth
      .providers()
      .then((p) => !cancelled && setProviders(p.sso ? { ...p, sso: { ...p.sso, start_url: new URL(p.sso.start_url, apiUrl).href } } : p))
      // An older server has no such route: it offers passwords only.
      .catch(() => !cancelled && setProviders({ password: true, sso: null }));
    return () => {
      cancelled = true;
    };
  }, [anonymous, apiUrl]);

  useEffect(() => {
    const off = manager.subscribe(setSession);
    let cancelled = false;
    void (async () => {
      try {
        if (manager.current && manager.isExpiring()) await manager.refresh();
        // A session revoked elsewhere (sign-out on another device, reuse detection) ends here.
        if (manager.current) {
          const answer = await authed.auth.user();
          if (!cancelled) setChecked(answer);
        }
      } catch (err) {
        if (err instanceof CadenceApiError && err.status === 401) manager.set(null);
        else console.error('[Cadence] checking the stored session failed', err);
      } finally {
        if (!cancelled) {
          setSession(manager.current);
          setLoading(false);
        }
      }
    })();
    return () => {
      cancelled = true;
      off();
    };
  }, [manager, authed]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<AuthResult> => {
      try {
        manager.set(await anonymous.auth.signIn(email, password));
        toast(AUTH_TOASTS.signedIn);
        return { error: null };
      } catch (err) {
        console.error('[Cadence] sign-in failed', err);
        toast({ ...AUTH_TOASTS.signInError, description: messageOf(err), variant: 'destructive' });
        return { error: asError(err) };
      }
    },
    [anonymous, manager, toast],
  );

  const completeSso = useCallback(
    async (code: string): Promise<AuthResult> => {
      try {
        manager.set(await anonymous.auth.exchangeSsoCode(code));
        toast(AUTH_TOASTS.signedIn);
        return { error: null };
      } catch (err) {
        console.error('[Cadence] single sign-on failed', err);
        return { error: asError(err) };
      }
    },
    [anonymous, manager, toast],
  );

  const signUp = useCallback(
    async (email: string, password: string): Promise<AuthResult> => {
      try {
        await anonymous.auth.signUp(email, password);
      } catch (err) {
        console.error('[Cadence] sign-up failed', err);
        toast({ ...AUTH_TOASTS.signUpError, description: messageOf(err), variant: 'destructive' });
        return { error: asError(err) };
      }
      toast(AUTH_TOASTS.accountCreated);
      // The server lets an unconfirmed account sign in unless it requires confirmation.
      try {
        manager.set(await anonymous.auth.signIn(email, password));
      } catch (err) {
        console.info('[Cadence] signing in after sign-up did not work; the user signs in later', err);
      }
      return { error: null };
    },
    [anonymous, manager, toast],
  );

  const signOut = useCallback(async () => {
    try {
      await authed.auth.signOut();
    } catch (err) {
      console.error('[Cadence] sign-out request failed; the local session is cleared anyway', err);
    }
    manager.set(null);
    setChecked(null);
    toast(AUTH_TOASTS.signedOut);
  }, [authed, manager, toast]);

  const getAccessToken = useCallback(() => manager.getAccessToken(), [manager]);
  const renewAccessToken = useCallback(() => manager.renewAccessToken(), [manager]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: session?.user ?? null, session, loading, checked, signUp, signIn, completeSso, providers, signOut, getAccessToken, renewAccessToken }),
    [session, loading, checked, signUp, signIn, completeSso, providers, signOut, getAccessToken, renewAccessToken],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
