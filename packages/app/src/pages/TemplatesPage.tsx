import { TemplatesPanel } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';

/** Settings → Templates (docs/adr/0054): administrators keep the campaign templates. */
export function TemplatesPage(): ReactNode {
  return (
    <SignedIn redirect={false} message="Please sign in to manage templates.">
      <div className="page">
        <SettingsNav />
        <TemplatesPanel headingLevel={1} />
      </div>
    </SignedIn>
  );
}
