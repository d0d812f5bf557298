import { MESSAGES, type AuthProviders, type AuthUserResponse, type Session, type User } from '@cadence/core';
import { createContext, useContext } from 'react';

export interface AuthResult {
  error: Error | null;
}

export interface AuthContextValue {
  user: User | null;
  session: Session | null;
  /** True until the stored session was checked (and refreshed if needed). */
  loading: boolean;
  /**
   * The server's answer to that check (`GET /api/auth/user`: the user and their grants), for the
   * widgets to start from instead of asking again; null after a fresh sign-in.
   */
  checked: AuthUserResponse | null;
  signUp(email: string, password: string): Promise<AuthResult>;
  signIn(email: string, password: string): Promise<AuthResult>;
  /** Finishes a single sign-on: the one-time code from the redirect becomes the session. */
  completeSso(code: string): Promise<AuthResult>;
  /** How this server lets people sign in; null until known (or when the server could not say). */
  providers: AuthProviders | null;
  signOut(): Promise<void>;
  /** The current access token, refreshed when about to expire. */
  getAccessToken(): Promise<string | null>;
  /** A new access token after the server refused the current one; null when the session is over. */
  renewAccessToken(): Promise<string | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth context; outside its provider it raises the spec's message (docs/product.md#auth-session). */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error(MESSAGES.useAuthOutsideProvider);
  return ctx;
}
