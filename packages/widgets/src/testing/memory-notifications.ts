import {
  can,
  decodeListCursor,
  effectivePrefs,
  encodeListCursor,
  isKeyPrincipal,
  type Notification,
  type NotificationPrefs,
  type NotificationsApi,
  type Principal,
} from '@cadence/core';
import { notificationListQuerySchema, notificationPrefsUpdateSchema } from '@cadence/core/schemas';
import { forbidden, notFound, validation } from './memory-errors';

type Run = <T>(op: string, fn: () => T, args?: unknown[]) => Promise<T>;

/** Newest first, as the server: created_at, then id, both descending. */
const newestFirst = (a: Notification, b: Notification) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1);

/**
 * The inbox as the server keeps it (docs/adr/0060): each item its recipient's alone, no key's;
 * pages newest first with the list cursor, read marks that bump the version, preferences with
 * core's defaults and the server's 400s (`kinds.foo`, `time_zone`).
 */
export function memoryNotifications(deps: { run: Run; now: () => string; principal: Principal; items: Notification[]; prefs?: Partial<NotificationPrefs> }) {
  const { run, now, principal, items } = deps;
  let stored: { kinds: Partial<Record<string, string>>; digest_time?: string; time_zone?: string } = { kinds: { ...(deps.prefs?.kinds ?? {}) }, ...(deps.prefs?.digest_time ? { digest_time: deps.prefs.digest_time } : {}), ...(deps.prefs?.time_zone ? { time_zone: deps.prefs.time_zone } : {}) };
  const person = () => {
    if (!can(principal, 'read', 'notification') || isKeyPrincipal(principal)) throw forbidden();
  };
  const mine = () => items.filter((n) => can(principal, 'read', 'notification', n)).sort(newestFirst);
  const api: NotificationsApi = {
    page: (query = {}) =>
      run('notifications.page', () => {
        person();
        const parsed = notificationListQuerySchema.safeParse(query);
        if (!parsed.success) throw validation(parsed.error.issues);
        const q = parsed.data;
        let rows = mine();
        if (q.unread === '1' || q.unread === 'true') rows = rows.filter((n) => !n.read_at);
        if (q.cursor) {
          const c = decodeListCursor(q.cursor)!;
          rows = rows.filter((n) => n.created_at < c.createdAt || (n.created_at === c.createdAt && n.id < c.id));
        }
        const limit = q.limit ?? 50;
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        const nextCursor = last && page.length >= limit ? encodeListCursor({ createdAt: last.created_at, id: last.id }) : null;
        return { items: structuredClone(page), nextCursor };
      }, [query]),
    unreadCount: () =>
      run('notifications.unreadCount', () => {
        person();
        return { count: mine().filter((n) => !n.read_at).length };
      }),
    markRead: (id) =>
      run('notifications.markRead', () => {
        person();
        const n = items.find((x) => x.id === id);
        if (!n || !can(principal, 'read', 'notification', n)) throw notFound();
        if (!n.read_at) Object.assign(n, { read_at: now(), updated_at: now(), version: n.version + 1 });
        return structuredClone(n);
      }, [id]),
    markAllRead: () =>
      run('notifications.markAllRead', () => {
        person();
        const unread = mine().filter((n) => !n.read_at);
        const stamp = now();
        for (const n of unread) {
          const row = items.find((x) => x.id === n.id)!;
          Object.assign(row, { read_at: stamp, updated_at: stamp, version: row.version + 1 });
        }
        return { updated: unread.length };
      }),
    prefs: () =>
      run('notifications.prefs', () => {
        person();
        return effectivePrefs(stored);
      }),
    setPrefs: (change) =>
      run('notifications.setPrefs', () => {
        person();
        const parsed = notificationPrefsUpdateSchema.safeParse(change);
        if (!parsed.success) throw validation(parsed.error.issues.map((i) => ({ ...i, path: i.path as PropertyKey[] })));
        stored = {
          kinds: { ...stored.kinds, ...(parsed.data.kinds ?? {}) },
          ...(parsed.data.digest_time ?? stored.digest_time ? { digest_time: parsed.data.digest_time ?? stored.digest_time! } : {}),
          ...(parsed.data.time_zone ?? stored.time_zone ? { time_zone: parsed.data.time_zone ?? stored.time_zone! } : {}),
        };
        return effectivePrefs(stored);
      }, [change]),
  };
  return {
    api,
    /** Adds an item as the server would write it (a change elsewhere told its recipient). */
    deliver(n: Notification): Notification {
      items.push(structuredClone(n));
      return structuredClone(n);
    },
    all: () => structuredClone(items),
  };
}
