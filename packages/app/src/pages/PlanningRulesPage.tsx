import { PlanningRulesPanel } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';

/** Settings → Planning rules (docs/adr/0062, 0065): administrators keep the limits a plan is checked against. */
export function PlanningRulesPage(): ReactNode {
  return (
    <SignedIn redirect={false} message="Please sign in to manage planning rules.">
      <div className="page">
        <SettingsNav />
        <PlanningRulesPanel headingLevel={1} />
      </div>
    </SignedIn>
  );
}
