import { CHANNELS, can, type Channel, type Permission, type PermissionType } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { CACHE_KEYS as KEYS } from '@cadence/core';
import { useUserPermissions, useUsers } from '../provider/resources';
import { useWrite } from '../provider/write';
import { useSession } from '../provider/session';
import { EmptyState } from '../ui/bits';
import { Switch } from '../ui/Switch';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { GLOBAL_SWITCHES, hasPermission, shortId, toggled } from './permission-rules';

export interface PermissionsPanelProps extends WidgetProps {
  /** 'Return to Dashboard' on the Access Denied screen; the button shows only when given. */
  onReturn?: () => void;
  /** The user selected at first. */
  userId?: string;
}

function AccessDenied({ onReturn }: Pick<PermissionsPanelProps, 'onReturn'>): ReactNode {
  return (
    <div className="cad-empty" role="alert">
      <h2 className="cad-empty__title">Access Denied</h2>
      <p className="cad-empty__text">You don't have permission to access this page. Only administrators can manage user permissions.</p>
      {onReturn && <button type="button" className="cad-button cad-button--primary" onClick={onReturn}>Return to Dashboard</button>}
    </div>
  );
}

function UserPermissions({ userId, email }: { userId: string; email: string }): ReactNode {
  const session = useSession();
  const permissions = useUserPermissions(userId);
  const write = useWrite();
  const list = permissions.data ?? [];
  const flip = (type: PermissionType, channel: Channel | null, on: boolean) =>
    void write({
      call: async (c) => void (on ? await c.users.grant(userId, type, channel) : await c.users.revoke(userId, type, channel)),
      success: AD_TOASTS.permissionUpdated,
      failure: AD_TOASTS.permissionUpdateError,
      invalidate: [`${KEYS.permissions}${userId}`, ...(userId === session.userId ? [KEYS.session] : [])],
      optimistic: { prefix: `${KEYS.permissions}${userId}`, apply: (l: Permission[]) => toggled(l, userId, type, channel, on) },
    }).catch(() => undefined);
  const busy = permissions.status === 'loading';
  return (
    <div className="cad-stack" aria-busy={busy}>
      <h3 className="cad-section-title">Permissions for {email}</h3>
      <fieldset className="cad-fieldset">
        <legend className="cad-form-section__title">Global Calendar Permissions</legend>
        {GLOBAL_SWITCHES.map((s) => (
          <Switch key={s.type} label={s.label} checked={hasPermission(list, s.type)} disabled={busy} onChange={(on) => flip(s.type, null, on)} />
        ))}
      </fieldset>
      <fieldset className="cad-fieldset">
        <legend className="cad-form-section__title">Channel Permissions</legend>
        <table className="cad-table">
          <thead>
            <tr><th scope="col">Channel</th><th scope="col">View</th><th scope="col">Create</th></tr>
          </thead>
          <tbody>
            {CHANNELS.map((ch) => (
              <tr key={ch.value}>
                <th scope="row"><span className="cad-dot" style={{ background: ch.color }} aria-hidden="true" /> {ch.label}</th>
                <td>
                  <Switch label="View" srLabel={`View ${ch.label}`} checked={hasPermission(list, 'channel_view', ch.value)} disabled={busy}
                    onChange={(on) => flip('channel_view', ch.value, on)} />
                </td>
                <td>
                  <Switch label="Create" srLabel={`Create ${ch.label}`} checked={hasPermission(list, 'channel_create', ch.value)} disabled={busy}
                    onChange={(on) => flip('channel_create', ch.value, on)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
    </div>
  );
}

function PermissionsBody({ onReturn, userId }: PermissionsPanelProps): ReactNode {
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'user');
  const users = useUsers(admin);
  const [selected, setSelected] = useState<string | null>(userId ?? null);
  if (!session.ready) return <p className="cad-hint" role="status">Loading...</p>;
  if (!admin) return <AccessDenied onReturn={onReturn} />;
  const user = (users.data ?? []).find((u) => u.id === selected);
  return (
    <section className="cad-permissions" aria-labelledby="cad-permissions-title" aria-busy={users.status === 'loading'}>
      <header className="cad-page-header">
        <h2 id="cad-permissions-title" className="cad-page-title">User Permissions</h2>
      </header>
      <div className="cad-split">
        <nav className="cad-panel" aria-label="Users">
          <h3 className="cad-section-title">Users</h3>
          <ul className="cad-user-list">
            {(users.data ?? []).map((u) => (
              <li key={u.id}>
                <button type="button" className="cad-user" aria-current={u.id === selected ? 'true' : undefined} onClick={() => setSelected(u.id)}>
                  <span className="cad-user__email">{u.email}</span>
                  <span className="cad-user__id">{shortId(u.id)}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="cad-panel">
          {user ? <UserPermissions key={user.id} userId={user.id} email={user.email} /> : <EmptyState title="Select a user to manage their permissions" />}
        </div>
      </div>
    </section>
  );
}

/** Admin-only: grant and revoke global and per-channel view/create permissions (docs/product.md#settings). */
export function PermissionsPanel(props: PermissionsPanelProps): ReactNode {
  return (
    <WidgetRoot name="PermissionsPanel" client={props.client} className={props.className}>
      <PermissionsBody {...props} />
    </WidgetRoot>
  );
}
