import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';
import { Dashboard } from '../dashboard/Dashboard';

/** docs/product.md#routes: loading state, redirect to /auth when signed out, else the main dashboard. */
export function DashboardPage(): ReactNode {
  return (
    <SignedIn>
      <Dashboard />
    </SignedIn>
  );
}
