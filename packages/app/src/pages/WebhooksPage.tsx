import { WebhooksPanel } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';

/** Settings → Webhooks (docs/adr/0058): administrators register endpoints and read their delivery logs. */
export function WebhooksPage(): ReactNode {
  return (
    <SignedIn redirect={false} message="Please sign in to manage webhooks.">
      <div className="page">
        <SettingsNav />
        <WebhooksPanel headingLevel={1} />
      </div>
    </SignedIn>
  );
}
