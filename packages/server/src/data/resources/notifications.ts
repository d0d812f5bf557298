import type { Notification, NotificationData } from '@cadence/core';
import type { Knex } from 'knex';
import { iso } from '../present';
import { defineResource } from '../resource';

export interface NotificationRaw {
  id: string;
  user_id: string;
  kind: Notification['kind'];
  campaign_id: string | null;
  task_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  data: NotificationData | string;
  created_at: Date | string;
  updated_at: Date | string;
  read_at: Date | string | null;
  version: number;
}

const COLUMNS = [
  'notifications.id',
  'notifications.user_id',
  'notifications.kind',
  'notifications.campaign_id',
  'notifications.task_id',
  'notifications.actor_id',
  'a.email AS actor_email',
  'notifications.data',
  'notifications.created_at',
  'notifications.updated_at',
  'notifications.read_at',
  'notifications.version',
];

/** Items with their actor's e-mail (null once that user is deleted, or for the server's own reminders). */
export const selectNotifications = (db: Knex): Knex.QueryBuilder =>
  db('notifications').leftJoin('users AS a', 'a.id', 'notifications.actor_id').select(COLUMNS);

export const presentNotification = (raw: NotificationRaw): Notification => ({
  id: raw.id,
  user_id: raw.user_id,
  kind: raw.kind,
  campaign_id: raw.campaign_id ?? null,
  task_id: raw.task_id ?? null,
  actor_id: raw.actor_id ?? null,
  actor_email: raw.actor_email ?? null,
  data: (typeof raw.data === 'string' ? JSON.parse(raw.data) : raw.data ?? {}) as NotificationData,
  created_at: iso(raw.created_at)!,
  updated_at: iso(raw.updated_at)!,
  read_at: iso(raw.read_at) ?? null,
  version: raw.version,
});

/** Inbox items (docs/adr/0060): on the realtime feed, each to its recipient alone (core's `notification` rule). */
export const notifications = defineResource('notifications', {
  table: 'notifications',
  idColumn: 'notifications.id',
  label: 'Notification',
  select: selectNotifications,
  present: presentNotification,
});
