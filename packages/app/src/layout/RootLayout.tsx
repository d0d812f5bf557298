import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { LoadingState } from '../ui/states';
import { useToast } from '../ui/toast';

/** The confirmation link lands on `/?email_confirmed=1|0` (docs/architecture.md#auth-api); say how it went, then tidy the address. */
function useConfirmationNotice(): void {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const confirmed = params.get('email_confirmed');
  useEffect(() => {
    if (confirmed === null) return;
    if (confirmed === '1') toast({ title: 'Email confirmed', description: 'Your e-mail address is confirmed.' });
    else toast({ title: 'Confirmation link invalid', description: 'The link has expired or was already used.', variant: 'destructive' });
    setParams((p) => {
      p.delete('email_confirmed');
      return p;
    }, { replace: true });
  }, [confirmed, toast, setParams]);
}

export function RootLayout(): ReactNode {
  useConfirmationNotice();
  // The sign-in page's boundary, and the shell's while its chunk loads (router.tsx).
  return (
    <Suspense fallback={<LoadingState />}>
      <Outlet />
    </Suspense>
  );
}
