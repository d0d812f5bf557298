import { NotificationSettings } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';

/** Settings → Notifications (docs/adr/0060): how each person hears about each kind, and their digest's time and zone. */
export function NotificationsPage(): ReactNode {
  return (
    <SignedIn redirect={false} message="Please sign in to change your notifications.">
      <div className="page">
        <SettingsNav />
        <header className="page-header">
          <h1>Notifications</h1>
        </header>
        <p>Choose how you hear about each kind: in the app only, by e-mail at once, or in a daily digest.</p>
        <NotificationSettings />
      </div>
    </SignedIn>
  );
}
