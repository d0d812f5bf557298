import { ConflictsPanel } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';

/**
 * Settings → Conflicts (docs/adr/0062): the planning-rule conflicts of a range, for everyone who
 * reads the plan (the rules themselves are kept by administrators under Planning rules).
 */
export function ConflictsPage(): ReactNode {
  return (
    <SignedIn redirect={false} message="Please sign in to see the conflicts.">
      <div className="page">
        <SettingsNav />
        <ConflictsPanel headingLevel={1} />
      </div>
    </SignedIn>
  );
}
