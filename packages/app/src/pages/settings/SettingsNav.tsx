import { can } from '@cadence/core';
import { useSession } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/** Settings' sections for administrators: permissions, campaign templates (docs/adr/0054), working days (docs/adr/0052), webhooks (docs/adr/0058) and the activity log (docs/adr/0028). */
export function SettingsNav(): ReactNode {
  const session = useSession();
  if (!session.ready || !can(session.principal, 'administer', 'user')) return null;
  return (
    <nav className="settings-nav" aria-label="Settings">
      <NavLink to="/settings" end className="settings-nav__link">Permissions</NavLink>
      <NavLink to="/settings/templates" className="settings-nav__link">Templates</NavLink>
      <NavLink to="/settings/working-days" className="settings-nav__link">Working days</NavLink>
      <NavLink to="/settings/webhooks" className="settings-nav__link">Webhooks</NavLink>
      <NavLink to="/settings/activity" className="settings-nav__link">Activity</NavLink>
    </nav>
  );
}
