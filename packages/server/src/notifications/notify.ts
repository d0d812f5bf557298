import { DEFAULT_DELIVERIES, NOTIFICATION_KINDS, type NotificationData, type NotificationKind } from '@cadence/core';
import type { Knex } from 'knex';
import { changedInTransaction } from '../data/changes';
import { afterCommit, type Background } from '../jobs/background';
import { userReadsCampaignSql } from './readers';

/** The background task that mails items at once (mail-task.ts); `notify` wakes it. */
export const MAIL_TASK = 'notification-mail';

/** One inbox item for one recipient, before the database has judged it. */
export interface NotificationItem {
  user_id: string;
  kind: NotificationKind;
  campaign_id: string | null;
  task_id?: string | null;
  actor_id?: string | null;
  data: NotificationData;
  /** A reminder's due date: with the unique index, one item per task, kind and due date. */
  day?: string | null;
  /** When the news happened, when it is written later (a fan-out expanded after its change committed); else now. */
  created_at?: string | null;
}

/** Core's default delivery of each kind, as SQL: what a recipient who never chose gets. */
const DEFAULT_DELIVERY_SQL = `CASE x.kind ${NOTIFICATION_KINDS.map((k) => `WHEN '${k}' THEN '${DEFAULT_DELIVERIES[k]}'`).join(' ')} ELSE 'app' END`;

const INSERT = `INSERT INTO notifications (user_id, kind, campaign_id, task_id, actor_id, data, delivery, day, created_at)
  SELECT x.user_id, x.kind, x.campaign_id, x.task_id, x.actor_id, coalesce(x.data, '{}'::jsonb),
         coalesce(p.kinds ->> x.kind, ${DEFAULT_DELIVERY_SQL}), x.day, coalesce(x.created_at, now())
    FROM jsonb_to_recordset(?::jsonb) AS x(user_id uuid, kind text, campaign_id uuid, task_id uuid, actor_id uuid, data jsonb, day date, created_at timestamptz)
    JOIN users u ON u.id = x.user_id
    LEFT JOIN campaigns c ON c.id = x.campaign_id
    LEFT JOIN notification_preferences p ON p.user_id = x.user_id
   WHERE x.campaign_id IS NULL OR (c.id IS NOT NULL AND ${userReadsCampaignSql('x.user_id', 'c')})
  ON CONFLICT DO NOTHING
  RETURNING id`;

/**
 * Writes inbox items in ONE statement however many there are (a campaign moved under 1,000
 * watchers is one INSERT … SELECT): each recipient's read access to the campaign is checked by
 * the same statement, as it is now, so nobody hears of a campaign they cannot read; an item whose
 * reminder exists already is skipped. In the caller's transaction when `db` is one, so the item
 * and the change it tells of commit together; then the mail task is woken. Answers how many were written.
 */
export async function notify(db: Knex, items: readonly NotificationItem[], background?: Pick<Background, 'wake'>): Promise<number> {
  if (!items.length) return 0;
  const rows = items.map((i) => ({
    user_id: i.user_id,
    kind: i.kind,
    campaign_id: i.campaign_id,
    task_id: i.task_id ?? null,
    actor_id: i.actor_id || null,
    data: i.data,
    day: i.day ?? null,
    created_at: i.created_at ?? null,
  }));
  const result = await db.raw(INSERT, [JSON.stringify(rows)]);
  const written = (result.rows as unknown[]).length;
  if (written) {
    changedInTransaction(db);
    if (background) afterCommit(db, () => background.wake(MAIL_TASK));
  }
  return written;
}
