import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadingState, SignInCard } from '../ui/states';
import { useAuth } from './auth-context';

/**
 * Renders its children for a signed-in user. While the session is checked: a loading state.
 * Signed out: `redirect` sends the user to /auth; the sign-in card shows meanwhile (or stays,
 * with `message`, when there is no redirect).
 */
export function SignedIn({ children, redirect = true, message }: { children: ReactNode; redirect?: boolean; message?: string }): ReactNode {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!loading && !user && redirect) navigate('/auth', { replace: true });
  }, [loading, user, redirect, navigate]);
  if (loading) return <LoadingState />;
  if (!user) return <SignInCard {...(message ? { message } : {})} />;
  return children;
}
