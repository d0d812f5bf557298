import { can } from '@cadence/core';
import { useSession } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/**
 * Settings' sections: for administrators permissions, campaign templates (docs/adr/0054), working
 * days (docs/adr/0052), planning rules (docs/adr/0062), webhooks (docs/adr/0058) and the activity log (docs/adr/0028); for everyone
 * the planning-rule conflicts (docs/adr/0062), the team's saved baselines (docs/adr/0063) and
 * their notifications (docs/adr/0060).
 */
export function SettingsNav(): ReactNode {
  const session = useSession();
  if (!session.ready || !session.userId) return null;
  if (!can(session.principal, 'administer', 'user')) {
    return (
      <nav className="settings-nav" aria-label="Settings">
        <NavLink to="/settings/conflicts" className="settings-nav__link">Conflicts</NavLink>
        <NavLink to="/settings/baselines" className="settings-nav__link">Baselines</NavLink>
        <NavLink to="/settings/notifications" className="settings-nav__link">Notifications</NavLink>
      </nav>
    );
  }
  return (
    <nav className="settings-nav" aria-label="Settings">
      <NavLink to="/settings" end className="settings-nav__link">Permissions</NavLink>
      <NavLink to="/settings/templates" className="settings-nav__link">Templates</NavLink>
      <NavLink to="/settings/working-days" className="settings-nav__link">Working days</NavLink>
      <NavLink to="/settings/planning-rules" className="settings-nav__link">Planning rules</NavLink>
      <NavLink to="/settings/conflicts" className="settings-nav__link">Conflicts</NavLink>
      <NavLink to="/settings/baselines" className="settings-nav__link">Baselines</NavLink>
      <NavLink to="/settings/webhooks" className="settings-nav__link">Webhooks</NavLink>
      <NavLink to="/settings/activity" className="settings-nav__link">Activity</NavLink>
      <NavLink to="/settings/notifications" className="settings-nav__link">Notifications</NavLink>
    </nav>
  );
}
