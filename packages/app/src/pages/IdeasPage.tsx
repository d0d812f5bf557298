import { IdeasBoard } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SignedIn } from '../auth/SignedIn';

/** docs/product.md#ideas: any signed-in user; signed out, a sign-in message. */
export function IdeasPage(): ReactNode {
  const navigate = useNavigate();
  return (
    <SignedIn redirect={false} message="Please sign in to access campaign ideas.">
      <div className="page">
        <IdeasBoard headingLevel={1} onBack={() => navigate('/')} />
      </div>
    </SignedIn>
  );
}
