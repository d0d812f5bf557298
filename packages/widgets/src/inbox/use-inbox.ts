import type { Notification, NotificationPrefs, NotificationPrefsUpdate, QueryKey } from '@cadence/core';
import { useCallback } from 'react';
import { useCadence } from '../provider/context';
import { useQuery, useQueryKey } from '../provider/use-query';

// The inbox's queries and writes (docs/adr/0060). A change on the `notifications` topic refetches
// both queries (TOPIC_REFRESHES), so the bell follows items written anywhere.

const INBOX_LIMIT = 50;
const logError = (what: string) => (error: unknown) => console.error(`[Cadence] ${what} failed`, error);
const logCount = logError('counting unread notifications');
const logList = logError('loading the inbox');
const logPrefs = logError('loading notification settings');

/** How many of the caller's items are unread; undefined while loading (or signed out). */
export function useUnreadCount(enabled = true): number | undefined {
  const { client } = useCadence();
  const key = useQueryKey<QueryKey<'unreadNotifications'>>(enabled ? ['unreadNotifications'] : null);
  const fetcher = useCallback(() => client.notifications.unreadCount(), [client]);
  return useQuery<{ count: number }>(key, fetcher, logCount).data?.count;
}

/** The caller's newest items (the unread ones only, or all). */
export function useInbox(unreadOnly: boolean, enabled = true) {
  const { client } = useCadence();
  const key = useQueryKey<QueryKey<'notifications'>>(enabled ? ['notifications', { unread: unreadOnly }] : null);
  const fetcher = useCallback(
    async () => (await client.notifications.page({ limit: INBOX_LIMIT, ...(unreadOnly ? { unread: '1' as const } : {}) })).items,
    [client, unreadOnly],
  );
  const q = useQuery<Notification[]>(key, fetcher, logList);
  return { status: q.status, items: q.data ?? [], refetch: q.refetch };
}

/** Mark one read, or all: the lists and the count are read again at once (the feed's change follows); a failure says so. */
export function useInboxActions() {
  const { client, store, toast } = useCadence();
  const refresh = useCallback(() => {
    store.invalidate('notifications');
    store.invalidate('unreadNotifications');
  }, [store]);
  const failed = useCallback(
    (error: unknown) => {
      console.error('[Cadence] marking notifications read failed', error);
      toast({ title: 'Could not mark as read', description: 'Try again in a moment.', variant: 'destructive' });
    },
    [toast],
  );
  const markRead = useCallback(
    async (n: Notification) => {
      if (n.read_at) return;
      await client.notifications.markRead(n.id).then(refresh, failed);
    },
    [client, refresh, failed],
  );
  const markAllRead = useCallback(async () => {
    await client.notifications.markAllRead().then(refresh, failed);
  }, [client, refresh, failed]);
  return { markRead, markAllRead };
}

/** The caller's notification preferences, and a save that answers them as stored. */
export function useNotificationPrefs() {
  const { client, store } = useCadence();
  const key = useQueryKey<QueryKey<'notificationPrefs'>>(['notificationPrefs']);
  const fetcher = useCallback(() => client.notifications.prefs(), [client]);
  const q = useQuery<NotificationPrefs>(key, fetcher, logPrefs);
  const save = useCallback(
    async (change: NotificationPrefsUpdate) => {
      const saved = await client.notifications.setPrefs(change);
      store.invalidate('notificationPrefs');
      return saved;
    },
    [client, store],
  );
  return { status: q.status, prefs: q.data, refetch: q.refetch, save };
}
