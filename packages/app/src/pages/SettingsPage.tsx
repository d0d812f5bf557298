import { PermissionsPanel } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SignedIn } from '../auth/SignedIn';
import { SettingsNav } from './settings/SettingsNav';
import { SsoMappingsPanel } from './settings/SsoMappingsPanel';
import { ApprovalsPanel } from './settings/ApprovalsPanel';

/** docs/product.md#settings: user permissions for admins; others see the widget's 'Access Denied'. */
export function SettingsPage(): ReactNode {
  const navigate = useNavigate();
  return (
    <SignedIn redirect={false} message="Please sign in to manage user permissions.">
      <div className="page">
        <SettingsNav />
        <PermissionsPanel headingLevel={1} onReturn={() => navigate('/')} />
        <SsoMappingsPanel />
        <ApprovalsPanel />
      </div>
    </SignedIn>
  );
}
