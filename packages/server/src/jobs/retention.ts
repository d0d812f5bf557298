import type { Knex } from 'knex';
import type { Services } from '../services';
import type { BackgroundTask } from './background';

// Retention of what only grows (docs/adr/0058, 0060): finished webhook deliveries and read inbox
// items are logs, not plan data, so a daily task deletes old ones. Each tick deletes one batch of
// each, and runs again at once while it finds some, so a first run over years of rows never holds
// a long lock; several processes may run it, as deleting what is gone deletes nothing.

export const RETENTION_TASK = 'retention';
/** Each endpoint's newest deliveries, kept whatever their age: the log Settings → Webhooks opens on (one page). */
export const KEPT_DELIVERIES_PER_ENDPOINT = 50;
const BATCH = 5_000;
const DAY_MS = 86_400_000;

export interface RetentionDays {
  /** Finished webhook deliveries older than this go (0: kept forever). */
  webhookDeliveries: number;
  /** Inbox items read longer ago than this go, and digest bookkeeping older than this (0: kept forever). */
  notifications: number;
}

const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const count = (result: { rowCount?: number | null }) => Number(result.rowCount ?? 0);

/** One batch of delivered or failed deliveries created before the cutoff, beyond their endpoint's newest 50. Pending ones always stay. */
export async function pruneWebhookDeliveries(db: Knex, days: number, now: Date): Promise<number> {
  if (days <= 0) return 0;
  return count(
    await db.raw(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT d.id FROM webhook_deliveries d
          WHERE d.status IN ('delivered', 'failed') AND d.created_at < ?
            AND (d.created_at, d.id) < (SELECT k.created_at, k.id FROM webhook_deliveries k WHERE k.webhook_id = d.webhook_id
                                         ORDER BY k.created_at DESC, k.id DESC OFFSET ${KEPT_DELIVERIES_PER_ENDPOINT - 1} LIMIT 1)
          LIMIT ${BATCH})`,
      [cutoff(now, days)],
    ),
  );
}

/** One batch of inbox items read before the cutoff (unread ones stay, however old), and digest claims of days before it. */
export async function pruneNotifications(db: Knex, days: number, now: Date): Promise<number> {
  if (days <= 0) return 0;
  const before = cutoff(now, days);
  const items = count(
    await db.raw(`DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE read_at < ? LIMIT ${BATCH})`, [before]),
  );
  const digests = count(await db.raw('DELETE FROM notification_digests WHERE day < ?::date', [before.slice(0, 10)]));
  return items + digests;
}

/** The daily task, with the configured days; `now` is a test's moved clock. */
export function retentionTask(s: Pick<Services, 'db' | 'log'>, days: RetentionDays, now: () => Date = () => new Date()): BackgroundTask {
  return {
    name: RETENTION_TASK,
    intervalMs: DAY_MS,
    async tick() {
      const at = now();
      const deliveries = await pruneWebhookDeliveries(s.db, days.webhookDeliveries, at);
      const notifications = await pruneNotifications(s.db, days.notifications, at);
      if (deliveries + notifications) s.log.info({ deliveries, notifications }, 'retention: deleted old webhook deliveries and read inbox items');
      return deliveries + notifications;
    },
  };
}

/** The task as the server's configuration says. */
export const configuredRetentionTask = (s: Pick<Services, 'db' | 'log' | 'config'>): BackgroundTask =>
  retentionTask(s, { webhookDeliveries: s.config.WEBHOOK_DELIVERY_RETENTION_DAYS, notifications: s.config.NOTIFICATION_RETENTION_DAYS });
