import { MyWork } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';

/** docs/adr/0049: the tasks assigned to the signed-in user across campaigns. */
export function MyWorkPage(): ReactNode {
  return (
    <SignedIn redirect={false} message="Please sign in to see your tasks.">
      <div className="page">
        <MyWork headingLevel={1} />
      </div>
    </SignedIn>
  );
}
