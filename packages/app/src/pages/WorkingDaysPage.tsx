import { WorkingDaysPanel } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';

/** Settings → Working days (docs/adr/0052): administrators keep the weekend and the closed days. */
export function WorkingDaysPage(): ReactNode {
  return (
    <SignedIn redirect={false} message="Please sign in to manage working days.">
      <div className="page">
        <SettingsNav />
        <WorkingDaysPanel headingLevel={1} />
      </div>
    </SignedIn>
  );
}
