import { DIGEST_TASK } from '../../notifications/background-tasks';
import { can, decodeListCursor, effectivePrefs, isNotificationKind, NOTIFICATION_KIND_LABELS, type NotificationKind, type NotificationPrefs } from '@cadence/core';
import {
  notificationListQuerySchema,
  notificationPrefsSchema,
  notificationPrefsUpdateSchema,
  notificationSchema,
  readAllSchema,
  unreadCountSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { changedInTransaction } from '../../data/changes';
import { afterCursor, listPage } from '../../data/list-page';
import { notifications, type NotificationRaw } from '../../data/resources/notifications';
import { AppError, forbidden, notFound } from '../../errors';
import type { AuthState } from '../../http/authenticate';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { NEXT_CURSOR_HEADER } from '../campaigns/routes';
import { unsubscribePage } from './unsubscribe-page';

const TAG = 'Notifications';

const badToken = () => new AppError(400, 'validation_failed', 'This unsubscribe link is not valid', [{ path: 'token', message: 'Not a valid unsubscribe token' }]);

/** Inbox items and preferences are a person's: a key, even theirs, neither reads nor writes them (core's `notification` rule). */
function person(auth: AuthState): string {
  if (!can(auth.principal, 'read', 'notification') || auth.accessKeyId) throw forbidden('Access keys cannot use the inbox');
  return auth.principal.userId;
}

async function prefsOf(db: Knex, userId: string): Promise<NotificationPrefs> {
  return effectivePrefs(await db('notification_preferences').where({ user_id: userId }).first('kinds', 'digest_time', 'time_zone'));
}

/** Sets one person's preferences (what is given; the rest stays), answering the whole. */
async function savePrefs(db: Knex, userId: string, change: { kinds?: Record<string, string>; digest_time?: string; time_zone?: string }): Promise<NotificationPrefs> {
  return db.transaction(async (trx) => {
    await trx.raw('INSERT INTO notification_preferences (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING', [userId]);
    const row = await trx('notification_preferences').where({ user_id: userId }).forUpdate().first('kinds', 'digest_time', 'time_zone');
    const stored = typeof row.kinds === 'string' ? JSON.parse(row.kinds) : (row.kinds ?? {});
    const kinds = { ...stored, ...(change.kinds ?? {}) };
    await trx('notification_preferences')
      .where({ user_id: userId })
      .update({
        kinds: JSON.stringify(kinds),
        ...(change.digest_time ? { digest_time: change.digest_time } : {}),
        ...(change.time_zone ? { time_zone: change.time_zone } : {}),
        updated_at: trx.fn.now(),
      });
    return effectivePrefs({ kinds, digest_time: change.digest_time ?? row.digest_time, time_zone: change.time_zone ?? row.time_zone });
  });
}

export function notificationRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get',
    path: '/api/notifications',
    tag: TAG,
    summary:
      "The caller's inbox, newest first (created_at, then id); unread=1 for the unread items only. With limit, a full page answers the " +
      `next page's cursor in the ${NEXT_CURSOR_HEADER} header. Access keys are refused`,
    access: 'user',
    query: notificationListQuerySchema,
    response: z.array(notificationSchema),
    responseHeaders: { [NEXT_CURSOR_HEADER]: 'Only with limit, on a full page: pass it as cursor for the next page; absent on the last page' },
    handler: async ({ auth, query, ctx }) => {
      const me = person(auth);
      const q = notifications
        .select(s.db)
        .where('notifications.user_id', me)
        .orderBy([
          { column: 'notifications.created_at', order: 'desc' },
          { column: 'notifications.id', order: 'desc' },
        ]);
      if (query.unread === '1' || query.unread === 'true') q.whereNull('notifications.read_at');
      if (query.cursor) afterCursor(q, 'notifications', decodeListCursor(query.cursor)!);
      const limit = query.limit ?? 50;
      const { rows, next } = await listPage(s.db, notifications, auth.principal, q.limit(limit), limit);
      if (next) ctx.set(NEXT_CURSOR_HEADER, next);
      return rows;
    },
  });

  // Before /:id routes, which would take these words for ids.
  t.add({
    method: 'get',
    path: '/api/notifications/unread-count',
    tag: TAG,
    summary: "How many of the caller's inbox items are unread (the bell's badge)",
    access: 'user',
    response: unreadCountSchema,
    handler: async ({ auth }) => {
      const me = person(auth);
      const [row] = (await s.db('notifications').where({ user_id: me }).whereNull('read_at').count('* as count')) as Array<{ count: string | number }>;
      return { count: Number(row?.count ?? 0) };
    },
  });

  t.add({
    method: 'post',
    path: '/api/notifications/read-all',
    tag: TAG,
    summary: "Mark every unread item of the caller's read; answers how many were",
    access: 'user',
    response: readAllSchema,
    handler: async ({ auth }) => {
      const me = person(auth);
      const updated = await s.db.transaction(async (trx) => {
        const n = await trx('notifications').where({ user_id: me }).whereNull('read_at').update({ read_at: trx.fn.now(), updated_at: trx.fn.now(), version: trx.raw('version + 1') });
        changedInTransaction(trx);
        return n;
      });
      return { updated };
    },
  });

  t.add({
    method: 'post',
    path: '/api/notifications/:id/read',
    tag: TAG,
    summary: 'Mark one of the caller\'s items read (again: no change); 404 for anyone else\'s',
    access: 'user',
    response: notificationSchema,
    handler: async ({ auth, params }) => {
      person(auth);
      return s.db.transaction(async (trx) => {
        const before = (await notifications.select(trx).where('notifications.id', params.id!).first()) as NotificationRaw | undefined;
        if (!before || !can(auth.principal, 'read', 'notification', before)) throw notFound('Notification');
        if (!can(auth.principal, 'update', 'notification', before)) throw forbidden('You may not change this notification');
        if (before.read_at) return notifications.present(before);
        await trx('notifications').where({ id: before.id }).update({ read_at: trx.fn.now(), updated_at: trx.fn.now(), version: trx.raw('version + 1') });
        changedInTransaction(trx);
        return notifications.present((await notifications.select(trx).where('notifications.id', before.id).first()) as NotificationRaw);
      });
    },
  });

  t.add({
    method: 'get',
    path: '/api/notification-preferences',
    tag: TAG,
    summary: "How the caller hears about each kind (app, email or digest), the digest's time and time zone; defaults until saved",
    access: 'user',
    response: notificationPrefsSchema,
    handler: async ({ auth }) => prefsOf(s.db, person(auth)),
  });

  t.add({
    method: 'put',
    path: '/api/notification-preferences',
    tag: TAG,
    summary:
      'Set how the caller hears about kinds (those given; the rest stay), the digest time (HH:MM) and time zone (IANA). ' +
      '400 naming the field for a kind or delivery that does not exist (kinds.foo) or a zone that is not one (time_zone)',
    access: 'user',
    body: notificationPrefsUpdateSchema,
    response: notificationPrefsSchema,
    handler: async ({ auth, body }) => {
      const saved = await savePrefs(s.db, person(auth), body as never);
      // A digest time moved to one already past today sends today's digest now, not at the next minute's tick.
      s.background.wake(DIGEST_TASK);
      return saved;
    },
  });

  t.add({
    method: 'get',
    path: '/api/notifications/unsubscribe',
    tag: TAG,
    summary:
      "An e-mail's unsubscribe link, signed out: a small page that says which e-mails it stops, with a button that POSTs to the same " +
      'address (mail scanners that follow links change nothing)',
    access: 'public',
    query: unsubscribeQuerySchema,
    handler: async ({ query, ctx }) => {
      const claims = await s.jwt.verifyUnsubscribe(query.token);
      const valid = !!claims && isNotificationKind(claims.kind);
      // A script (Accept: JSON or anything) gets the API's error; a browser a page that says what to do.
      if (!valid && ctx.accepts('json', 'html') !== 'html') throw badToken();
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
      ctx.set('Cache-Control', 'no-store');
      if (!claims || !valid) {
        ctx.status = 400;
        ctx.body = unsubscribePage({ state: 'invalid', site: s.site.url });
        return undefined;
      }
      ctx.body = unsubscribePage({ state: 'confirm', site: s.site.url, kind: NOTIFICATION_KIND_LABELS[claims.kind as NotificationKind], action: `/api/notifications/unsubscribe?token=${encodeURIComponent(query.token)}` });
      return undefined;
    },
  });

  t.add({
    method: 'post',
    path: '/api/notifications/unsubscribe',
    tag: TAG,
    summary:
      'One-click unsubscribe (RFC 8058), signed out: the token names a person and a kind; that kind becomes app only (in the inbox, ' +
      'no mail), nothing else changes. Mail clients post List-Unsubscribe=One-Click as a form; a browser gets a page back',
    access: 'public',
    consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
    query: unsubscribeQuerySchema,
    response: unsubscribedSchema,
    handler: async ({ query, ctx }) => {
      const claims = await s.jwt.verifyUnsubscribe(query.token);
      if (!claims || !isNotificationKind(claims.kind)) throw badToken();
      const user = await s.db('users').where({ id: claims.userId }).first('id');
      if (!user) throw notFound('User');
      await savePrefs(s.db, claims.userId, { kinds: { [claims.kind]: 'app' } });
      if (ctx.accepts('json', 'html') === 'html') {
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
        ctx.body = unsubscribePage({ state: 'done', site: s.site.url, kind: NOTIFICATION_KIND_LABELS[claims.kind] });
        return undefined;
      }
      return { kind: claims.kind, delivery: 'app' as const };
    },
  });
}
