import { CHANNELS, can, type Channel, type Permission, type PermissionType } from '@cadence/core';
import { useEffect, useState, type ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { permissionsKey, useUserPermissions, useUsers } from '../provider/resources';
import { useWrite } from '../provider/write';
import { useSession } from '../provider/session';
import { EmptyState, PageTitle } from '../ui/bits';
import { Switch } from '../ui/Switch';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';
import { ArrowLeft, ICON_SIZE } from '../ui/icons';
import { useNarrow } from '../ui/use-narrow';
import { GLOBAL_SWITCHES, hasPermission, toggled } from './permission-rules';
import { UserList } from './UserList';
import { WidgetStyles } from '../styles/WidgetStyles';
import tablesCss from '../styles/tables.css?inline';
import permissionsCss from '../styles/permissions.css?inline';
import pagesCss from '../styles/pages.css?inline';

export interface PermissionsPanelProps extends PageWidgetProps {
  /** 'Return to Dashboard' on the Access Denied screen; the button shows only when given. */
  onReturn?: () => void;
  /** The user selected at first. */
  userId?: string;
}

function AccessDenied({ onReturn, headingLevel }: Pick<PermissionsPanelProps, 'onReturn' | 'headingLevel'>): ReactNode {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="cad-empty" role="alert">
      <Title className="cad-empty__title">Access Denied</Title>
      <p className="cad-empty__text">You don't have permission to access this page. Only administrators can manage user permissions.</p>
      {onReturn && <button type="button" className="cad-button cad-button--primary" onClick={onReturn}>Return to Dashboard</button>}
    </div>
  );
}

function UserPermissions({ userId, email, admin }: { userId: string; email: string; admin: boolean }): ReactNode {
  const session = useSession();
  const permissions = useUserPermissions(userId);
  const write = useWrite();
  const list = permissions.data ?? [];
  const flip = (type: PermissionType, channel: Channel | null, on: boolean) =>
    void write({
      call: async (c) => void (on ? await c.users.grant(userId, type, channel) : await c.users.revoke(userId, type, channel)),
      success: AD_TOASTS.permissionUpdated,
      failure: AD_TOASTS.permissionUpdateError,
      invalidate: [permissionsKey(userId), ...(userId === session.userId ? (['session'] as const) : [])],
      optimistic: { keys: permissionsKey(userId), apply: (l: Permission[]) => toggled(l, userId, type, channel, on) },
    }).catch(() => undefined);
  const busy = permissions.status === 'loading';
  return (
    <div className="cad-stack" aria-busy={busy}>
      <div>
        <h3 className="cad-section-title">Permissions for {email}</h3>
        {admin && (
          <p className="cad-hint cad-permissions__admin-note">
            An administrator sees and changes everything, whatever these switches say. They count if the
            administrator role is taken away.
          </p>
        )}
      </div>
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

function PermissionsBody({ headingLevel, onReturn, userId }: PermissionsPanelProps): ReactNode {
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'user');
  const users = useUsers(admin);
  // No change tells the widgets that someone signed up, and other widgets (the filter bar's
  // assignees) may have listed the users long before: the panel that manages them asks afresh.
  const { refetch } = users;
  useEffect(() => {
    if (admin) refetch();
    // Once per opening of the panel (and when administration becomes possible).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [admin]);
  const [selected, setSelected] = useState<string | null>(userId ?? null);
  const [root, narrow] = useNarrow<HTMLElement>();
  if (!session.ready) return <p className="cad-hint" role="status">Loading...</p>;
  if (!admin) return <AccessDenied onReturn={onReturn} headingLevel={headingLevel} />;
  const user = (users.data ?? []).find((u) => u.id === selected);
  return (
    <section ref={root} className="cad-permissions" aria-labelledby="cad-permissions-title" aria-busy={users.status === 'loading'}>
      <header className="cad-page-header">
        <PageTitle level={headingLevel} id="cad-permissions-title">User Permissions</PageTitle>
      </header>
      {/* A phone shows the list or the selected user's permissions, with a way back; a desktop both side by side. */}
      <div className={narrow ? 'cad-people' : 'cad-people cad-people--split'}>
        {(!narrow || !user) && (
          <nav className="cad-panel cad-people__list" aria-label="Users">
            <h3 className="cad-section-title">Users</h3>
            <UserList users={users.data ?? []} selected={selected} onSelect={setSelected} />
          </nav>
        )}
        {(!narrow || user) && (
          <div className="cad-panel cad-people__detail">
            {narrow && (
              <button type="button" className="cad-button cad-button--small cad-people__back" onClick={() => setSelected(null)}>
                <ArrowLeft size={ICON_SIZE} aria-hidden="true" /> All users
              </button>
            )}
            {user ? <UserPermissions key={user.id} userId={user.id} email={user.email} admin={user.admin === true} /> : <EmptyState title="Select a user to manage their permissions" />}
          </div>
        )}
      </div>
    </section>
  );
}

/** Admin-only: grant and revoke global and per-channel view/create permissions (docs/product.md#settings). */
export function PermissionsPanel(props: PermissionsPanelProps): ReactNode {
  return (
    <WidgetRoot name="PermissionsPanel" client={props.client} className={props.className}>
      <WidgetStyles css={pagesCss} />
      <WidgetStyles css={tablesCss} />
      <WidgetStyles css={permissionsCss} />
      <PermissionsBody {...props} />
    </WidgetRoot>
  );
}
