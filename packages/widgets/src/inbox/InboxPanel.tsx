import { campaignHref, describeNotification, formatTimestamp, groupNotifications, relativeTime, TAB_OF_KIND, type Notification } from '@cadence/core';
import { useState, type MouseEvent, type ReactNode } from 'react';
import pagesCss from '../styles/pages.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { useCadence } from '../provider/context';
import { useInbox, useInboxActions } from './use-inbox';

export interface InboxPanelProps {
  /**
   * Opens an item's campaign at its tab (the app navigates with its router); without it, the link
   * is followed as it is.
   */
  onOpen?: (href: string, item?: Notification) => void;
  /** Closes the popover around it (the bell's): shown as a Close button, which a phone's full-screen sheet needs. */
  onClose?: () => void;
}

/** Where an item leads: its campaign's dialog at the tab it is about. */
export const itemHref = (n: Notification): string => (n.campaign_id ? campaignHref(n.campaign_id, TAB_OF_KIND[n.kind]) : '/');

/**
 * The inbox (docs/adr/0060): the newest items, neighbours about one campaign grouped under its
 * title, each in words with who and when; unread ones marked (in words too, not colour alone).
 * Opening an item marks it read.
 */
export function InboxPanel({ onOpen, onClose }: InboxPanelProps): ReactNode {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { now } = useCadence();
  const { status, items, refetch } = useInbox(unreadOnly);
  const { markRead, markAllRead } = useInboxActions();
  const [busy, setBusy] = useState(false);
  const anyUnread = items.some((n) => !n.read_at);
  const open = (n: Notification) => (e: MouseEvent<HTMLAnchorElement>) => {
    void markRead(n);
    if (onOpen) {
      e.preventDefault();
      onOpen(itemHref(n), n);
      onClose?.();
    }
  };
  return (
    <div className="cad-inbox">
      <WidgetStyles css={pagesCss} />
      <div className="cad-inbox__bar">
        <button type="button" className="cad-link-button" aria-pressed={unreadOnly} onClick={() => setUnreadOnly((u) => !u)}>
          Unread only
        </button>
        <button
          type="button"
          className="cad-link-button"
          disabled={busy || !anyUnread}
          onClick={() => {
            setBusy(true);
            void markAllRead().finally(() => setBusy(false));
          }}
        >
          Mark all read
        </button>
        {onClose && (
          <button type="button" className="cad-link-button cad-inbox__close" onClick={onClose}>
            Close
          </button>
        )}
      </div>
      {status === 'loading' && !items.length ? (
        <p className="cad-inbox__state" role="status">Loading notifications…</p>
      ) : status === 'error' && !items.length ? (
        <div className="cad-inbox__state" role="alert">
          <p>The notifications could not be loaded.</p>
          <button type="button" className="cad-link-button" onClick={refetch}>Try again</button>
        </div>
      ) : !items.length ? (
        <p className="cad-inbox__state">{unreadOnly ? 'Nothing unread.' : 'No notifications yet. When someone assigns you a task, mentions you or asks for your review, it shows here.'}</p>
      ) : (
        <ul className="cad-inbox__groups">
          {groupNotifications(items).map((group) => (
            <li key={group.items[0]!.id} className="cad-inbox__group">
              {group.items.length > 1 && <p className="cad-inbox__campaign">{group.items[0]!.data.campaign_title ?? 'Other'}</p>}
              <ul className="cad-inbox__items">
                {group.items.map((n) => (
                  <li key={n.id} className={n.read_at ? 'cad-inbox__item' : 'cad-inbox__item cad-inbox__item--unread'}>
                    <a href={itemHref(n)} className="cad-inbox__link" onClick={open(n)}>
                      {!n.read_at && <span className="cad-inbox__dot" aria-hidden="true" />}
                      {!n.read_at && <span className="cad-sr-only">Unread: </span>}
                      <span className="cad-inbox__words">{describeNotification(n)}</span>
                      <time className="cad-inbox__time" dateTime={n.created_at} title={formatTimestamp(n.created_at)}>
                        {relativeTime(n.created_at, now())}
                      </time>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className="cad-inbox__footer">
        <a
          href={SETTINGS_HREF}
          onClick={(e) => {
            if (!onOpen) return;
            e.preventDefault();
            onOpen(SETTINGS_HREF);
            onClose?.();
          }}
        >
          Notification settings
        </a>
      </p>
    </div>
  );
}

const SETTINGS_HREF = '/settings/notifications';
