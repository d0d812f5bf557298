import type { ReactNode } from 'react';
import pagesCss from '../styles/pages.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { useSession } from '../provider/session';
import { Bell } from '../ui/icons';
import { Popover } from '../ui/Popover';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { InboxPanel, type InboxPanelProps } from './InboxPanel';
import { useUnreadCount } from './use-inbox';

export type InboxBellProps = InboxPanelProps & WidgetProps;

/** The badge's text: the count, and past 99 "99+". */
const badge = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The app bar's bell (docs/adr/0060): how many items are unread, live, and the inbox in a popover
 * (a full-screen sheet on a phone). Its name says the count: "Notifications, 3 unread".
 */
export function InboxBell({ onOpen, ...root }: InboxBellProps): ReactNode {
  return (
    <WidgetRoot name="Notifications" {...root}>
      <BellButton {...(onOpen ? { onOpen } : {})} />
    </WidgetRoot>
  );
}

function BellButton({ onOpen }: InboxPanelProps): ReactNode {
  const session = useSession();
  const unread = useUnreadCount(!!session.userId);
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <>
      <WidgetStyles css={pagesCss} />
      <Popover
        label={label}
        className="cad-icon-button cad-bell"
        title="Notifications"
        trigger={
          <>
            <Bell size={18} aria-hidden="true" />
            {unread ? <span className="cad-bell__badge" aria-hidden="true">{badge(unread)}</span> : null}
          </>
        }
      >
        {(close) => <InboxPanel onClose={close} {...(onOpen ? { onOpen } : {})} />}
      </Popover>
    </>
  );
}
