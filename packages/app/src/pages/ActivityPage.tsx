import { ActivityLog } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';

/** Settings → Activity: the whole activity log for administrators (docs/adr/0028). */
export function ActivityPage(): ReactNode {
  return (
    <SignedIn redirect={false} message="Please sign in to see the activity log.">
      <div className="page">
        <SettingsNav />
        <ActivityLog headingLevel={1} />
      </div>
    </SignedIn>
  );
}
