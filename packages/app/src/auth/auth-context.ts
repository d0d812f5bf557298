import { MESSAGES, type Session, type User } from '@cadence/core';
import { createContext, useContext } from 'react';

export interface AuthResult {
  error: Error | null;
}

export interface AuthContextValue {
  user: User | null;
  session: Session | null;
  /** True until the stored session was checked (and refreshed if needed). */
  loading: boolean;
  signUp(email: string, password: string): Promise<AuthResult>;
  signIn(email: string, password: string): Promise<AuthResult>;
  signOut(): Promise<void>;
  /** The current access token, refreshed when about to expire. */
  getAccessToken(): Promise<string | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth context; outside its provider it raises the spec's message (docs/product.md#auth-session). */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error(MESSAGES.useAuthOutsideProvider);
  return ctx;
}
