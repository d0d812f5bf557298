import * as z from 'zod';
import { decodeListCursor } from '../rules/list-cursor';
import { isClockTime, isNotificationDelivery, isNotificationKind, isTimeZone, NOTIFICATION_DELIVERIES, NOTIFICATION_KINDS, type NotificationDelivery, type NotificationKind } from '../rules/notifications';
import { idSchema } from './common';

// The inbox and its preferences (docs/adr/0060): the rows, the list's query, the preferences' body.

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: `Must be one of: ${NOTIFICATION_KINDS.join(', ')}` });
export const notificationDeliverySchema = z.enum(NOTIFICATION_DELIVERIES, { error: `Must be one of: ${NOTIFICATION_DELIVERIES.join(', ')}` });

export const notificationDataSchema = z.object({
  campaign_title: z.string().optional(),
  task_title: z.string().optional(),
  due_date: z.string().nullable().optional(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).optional(),
  excerpt: z.string().optional(),
  channel: z.string().optional(),
  comment_id: z.string().optional(),
  baseline_name: z.string().optional(),
  slip_days: z.number().int().optional(),
  was_live: z.string().optional(),
  live_date: z.string().optional(),
});

/** One inbox item: its recipient's alone. */
export const notificationSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  kind: notificationKindSchema,
  campaign_id: idSchema.nullable(),
  task_id: idSchema.nullable(),
  /** Who did it (null: the server's own sweep, or a deleted user). */
  actor_id: idSchema.nullable(),
  actor_email: z.string().nullable(),
  /** What the item says, as it was when it happened. */
  data: notificationDataSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** When its recipient read it; null: unread. */
  read_at: z.string().nullable(),
  version: z.number().int(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: the caller's items, newest first; `unread=1` for the unread ones only. */
export const notificationListQuerySchema = z.strictObject({
  unread: z.enum(['1', '0', 'true', 'false'], { error: 'Must be 1 or 0' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  /** Where the previous page ended: its `X-Next-Cursor`. */
  cursor: z.string().refine((s) => decodeListCursor(s) !== null, { error: 'Not a cursor this list handed out' }).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const readAllSchema = z.object({ updated: z.number().int() });

const kindsShape = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, notificationDeliverySchema])) as Record<NotificationKind, typeof notificationDeliverySchema>;

export const notificationPrefsSchema = z.object({
  /** Per kind: `app` (the inbox only), `email` (a message at once) or `digest` (the daily digest). */
  kinds: z.object(kindsShape),
  /** When the daily digest leaves, `HH:MM` in `time_zone`. */
  digest_time: z.string(),
  /** An IANA time zone (`Europe/Paris`). */
  time_zone: z.string(),
});

/**
 * `PUT /api/notification-preferences`: the kinds given change (the others stay), and the digest's
 * time and zone when given. An unknown kind or delivery is refused naming it (`kinds.foo`).
 */
export const notificationPrefsUpdateSchema = z.strictObject({
  kinds: z
    .record(z.string(), z.unknown())
    .superRefine((kinds, ctx) => {
      for (const [kind, delivery] of Object.entries(kinds)) {
        if (!isNotificationKind(kind)) ctx.addIssue({ code: 'custom', path: [kind], message: `Not a notification kind; must be one of: ${NOTIFICATION_KINDS.join(', ')}` });
        else if (!isNotificationDelivery(delivery)) ctx.addIssue({ code: 'custom', path: [kind], message: `Must be one of: ${NOTIFICATION_DELIVERIES.join(', ')}` });
      }
    })
    .transform((kinds) => kinds as Partial<Record<NotificationKind, NotificationDelivery>>)
    .optional(),
  digest_time: z.string({ error: 'Must be a time (HH:MM)' }).refine(isClockTime, { error: 'Must be a time (HH:MM, 00:00 to 23:59)' }).optional(),
  time_zone: z.string({ error: 'Must be a time zone' }).refine(isTimeZone, { error: 'Not a time zone; give an IANA name such as Europe/Paris' }).optional(),
});
export type NotificationPrefsUpdate = z.input<typeof notificationPrefsUpdateSchema>;

/** The unsubscribe link's query: the signed token it carries. */
export const unsubscribeQuerySchema = z.strictObject({ token: z.string({ error: 'Required' }).min(1, { error: 'Required' }).max(2000) });
export const unsubscribedSchema = z.object({ kind: notificationKindSchema, delivery: z.literal('app') });
