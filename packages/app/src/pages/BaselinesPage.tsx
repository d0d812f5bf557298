import { BaselinesPanel } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';

/** Settings → Baselines (docs/adr/0063): the team's saved baselines, for everyone signed in; changed by their creators and administrators. */
export function BaselinesPage(): ReactNode {
  const navigate = useNavigate();
  return (
    <SignedIn redirect={false} message="Please sign in to see the saved baselines.">
      <div className="page">
        <SettingsNav />
        <BaselinesPanel headingLevel={1} onOpen={(href) => navigate(href)} />
      </div>
    </SignedIn>
  );
}
