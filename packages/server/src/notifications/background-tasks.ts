import { digestDue, effectivePrefs, isTimeZone, localClock, reminderWindow, type Notification, type NotificationKind } from '@cadence/core';
import type { Knex } from 'knex';
import type { BackgroundTask } from '../jobs/background';
import { digestMail, immediateMail, type MailedItem } from '../mail/notification-mail';
import type { Services } from '../services';
import { driftTask } from './drift';
import { fanoutTask } from './fanout';
import { MAIL_TASK, notify, type NotificationItem } from './notify';
import { userReadsCampaignSql } from './readers';

// The inbox's work off the request path (docs/adr/0060, jobs/background.ts): mail at once, the
// daily digest, and the task reminders. Each claims its rows in the database (SKIP LOCKED, or a
// unique row), so many processes share the work and a crash leaves nothing half done.

export const DIGEST_TASK = 'notification-digest';
export const REMINDER_TASK = 'task-reminders';
const BATCH = 50;

type Ctx = Pick<Services, 'db' | 'mailer' | 'jwt' | 'site' | 'log' | 'background'>;

/** What time it is for these tasks: tests set a fixed clock per server (setNotificationClock). */
const clocks = new WeakMap<object, () => Date>();
export const setNotificationClock = (s: object, now: (() => Date) | null): void => void (now ? clocks.set(s, now) : clocks.delete(s));
const nowOf = (s: object): Date => clocks.get(s)?.() ?? new Date();

interface ClaimedRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  campaign_id: string | null;
  data: Notification['data'] | string;
  created_at: Date | string;
  email: string;
  actor_email: string | null;
  kinds: Record<string, string> | string | null;
  readable: boolean;
}

/** A stored zone this runtime no longer knows (tz data changes) counts as UTC, rather than stopping everyone's mail. */
const knownZone = (tz: string | null | undefined): string => (tz && isTimeZone(tz) ? tz : 'UTC');

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const mailed = (r: ClaimedRow): MailedItem => ({
  kind: r.kind,
  campaign_id: r.campaign_id,
  data: parsed(r.data) ?? {},
  actor_email: r.actor_email,
  created_at: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
});

/** Items with their recipient, actor, preferences and whether the recipient may read the campaign now. */
const CLAIM_COLUMNS = `n.id, n.user_id, n.kind, n.campaign_id, n.data, n.created_at, u.email, a.email AS actor_email, p.kinds,
  (n.campaign_id IS NULL OR EXISTS (SELECT 1 FROM campaigns c WHERE c.id = n.campaign_id AND ${userReadsCampaignSql('n.user_id', 'c')})) AS readable`;
const CLAIM_FROM = `notifications n JOIN users u ON u.id = n.user_id LEFT JOIN users a ON a.id = n.actor_id LEFT JOIN notification_preferences p ON p.user_id = n.user_id`;

/**
 * Mail at once: claims items due for it, and sends each as its own message. Preferences and access
 * are read again at sending: a kind switched off since moves to the recipient's choice now, and
 * someone who lost access to the campaign gets nothing about it.
 */
export function mailTask(s: Ctx): BackgroundTask {
  return {
    name: MAIL_TASK,
    intervalMs: 30_000,
    tick: () =>
      s.db.transaction(async (trx) => {
        const { rows } = (await trx.raw(
          `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM}
            WHERE n.delivery = 'email' AND n.emailed_at IS NULL
            ORDER BY n.created_at, n.id LIMIT ${BATCH} FOR UPDATE OF n SKIP LOCKED`,
        )) as { rows: ClaimedRow[] };
        let handled = 0;
        for (const row of rows) {
          const now = effectivePrefs({ kinds: parsed(row.kinds) }).kinds[row.kind];
          if (now !== 'email' || !row.readable) {
            // Not for mail any more (or not for them): the inbox keeps it, the digest takes it if chosen.
            await trx('notifications').where({ id: row.id }).update({ delivery: row.readable ? now : 'app' });
            handled++;
            continue;
          }
          try {
            await s.mailer.send(immediateMail(row.email, s.site.url, mailed(row), await s.jwt.signUnsubscribe(row.user_id, row.kind)));
          } catch (err) {
            // Left unsent: the next tick tries again.
            s.log.error({ err, notification: row.id }, 'sending a notification mail failed');
            break;
          }
          await trx('notifications').where({ id: row.id }).update({ emailed_at: trx.fn.now() });
          handled++;
        }
        return handled;
      }),
  };
}

/**
 * The daily digest: for each person with digest items whose digest time has passed today in their
 * own zone, one message with those items per campaign. The `notification_digests` row for that
 * person and day is the claim: inserted once, by one process.
 */
export function digestTask(s: Ctx): BackgroundTask {
  return {
    name: DIGEST_TASK,
    intervalMs: 60_000,
    async tick() {
      const now = nowOf(s);
      const pending: Array<{ user_id: string; digest_time: string | null; time_zone: string | null }> = (
        await s.db.raw(`SELECT DISTINCT n.user_id, p.digest_time, p.time_zone FROM notifications n
            LEFT JOIN notification_preferences p ON p.user_id = n.user_id
           WHERE n.delivery = 'digest' AND n.digested_at IS NULL`)
      ).rows;
      const due = pending.flatMap((u) => {
        const d = digestDue(now, { ...effectivePrefs(u), time_zone: knownZone(u.time_zone) });
        return d.due ? [{ userId: u.user_id, day: d.day }] : [];
      });
      if (!due.length) return 0;
      const done = new Set(
        ((await s.db('notification_digests').whereIn('user_id', due.map((d) => d.userId)).select('user_id', s.db.raw(`to_char(day, 'YYYY-MM-DD') AS day`))) as Array<{ user_id: string; day: string }>).map(
          (d) => `${d.user_id}|${d.day}`,
        ),
      );
      let sent = 0;
      for (const { userId, day } of due.filter((d) => !done.has(`${d.userId}|${d.day}`)).slice(0, BATCH)) {
        try {
          sent += await s.db.transaction((trx) => sendDigest(s, trx, userId, day));
        } catch (err) {
          // Rolled back, claim and all: the next tick tries this person again; the others go on.
          s.log.error({ err, user: userId, day }, 'sending a notification digest failed');
        }
      }
      return sent;
    },
  };
}

async function sendDigest(s: Ctx, trx: Knex, userId: string, day: string): Promise<number> {
  const claimed = await trx.raw('INSERT INTO notification_digests (user_id, day) VALUES (?, ?::date) ON CONFLICT DO NOTHING RETURNING user_id', [userId, day]);
  if (!claimed.rows.length) return 0;
  const { rows } = (await trx.raw(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM}
      WHERE n.user_id = ? AND n.delivery = 'digest' AND n.digested_at IS NULL
      ORDER BY n.created_at, n.id FOR UPDATE OF n SKIP LOCKED`,
    [userId],
  )) as { rows: ClaimedRow[] };
  const items: ClaimedRow[] = [];
  for (const row of rows) {
    const chosen = effectivePrefs({ kinds: parsed(row.kinds) }).kinds[row.kind];
    if (chosen !== 'digest') await trx('notifications').where({ id: row.id }).update({ delivery: row.readable ? chosen : 'app' });
    else if (row.readable) items.push(row);
  }
  await trx('notifications').whereIn('id', rows.map((r) => r.id)).where({ delivery: 'digest' }).update({ digested_at: trx.fn.now() });
  await trx('notification_digests').where({ user_id: userId, day }).update({ items: items.length });
  if (!items.length) return 0;
  const tokens = new Map<string, string>();
  for (const kind of new Set(items.map((i) => i.kind))) tokens.set(kind, await s.jwt.signUnsubscribe(userId, kind));
  // A failed send rolls the claim back: the next tick tries again.
  await s.mailer.send(digestMail(items[0]!.email, s.site.url, day, items.map(mailed), tokens));
  return 1;
}

/**
 * Task reminders: for each assignee, on their own today, a task due tomorrow and one overdue (for a
 * week after its due date), each once per task, kind and due date (the unique index), open tasks only.
 */
export function reminderTask(s: Ctx): BackgroundTask {
  return {
    name: REMINDER_TASK,
    intervalMs: 10 * 60_000,
    async tick() {
      const now = nowOf(s);
      const zones: Array<{ tz: string }> = (
        await s.db.raw(`SELECT DISTINCT coalesce(p.time_zone, 'UTC') AS tz FROM tasks t
            LEFT JOIN notification_preferences p ON p.user_id = t.assignee_id
           WHERE t.assignee_id IS NOT NULL AND t.status <> 'done' AND t.due_date IS NOT NULL
             AND t.due_date BETWEEN (?::date - 9) AND (?::date + 2)`, [now.toISOString().slice(0, 10), now.toISOString().slice(0, 10)])
      ).rows;
      let written = 0;
      for (const { tz } of zones) {
        const today = localClock(now, knownZone(tz)).day;
        const w = reminderWindow(today);
        const tasks: Array<{ id: string; title: string; due_date: string; assignee_id: string; campaign_id: string; campaign_title: string }> = (
          await s.db.raw(
            `SELECT t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.assignee_id, t.campaign_id, c.title AS campaign_title
               FROM tasks t JOIN campaigns c ON c.id = t.campaign_id
               LEFT JOIN notification_preferences p ON p.user_id = t.assignee_id
              WHERE coalesce(p.time_zone, 'UTC') = ? AND t.assignee_id IS NOT NULL AND t.status <> 'done'
                AND (t.due_date = ?::date OR (t.due_date >= ?::date AND t.due_date < ?::date))
                AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = t.assignee_id AND n.task_id = t.id AND n.day = t.due_date
                                 AND n.kind = CASE WHEN t.due_date = ?::date THEN 'task_due_tomorrow' ELSE 'task_overdue' END)
              LIMIT 1000`,
            [tz, w.tomorrow, w.overdueFrom, w.overdueBefore, w.tomorrow],
          )
        ).rows;
        const items: NotificationItem[] = tasks.map((t) => ({
          user_id: t.assignee_id,
          kind: t.due_date === w.tomorrow ? 'task_due_tomorrow' : 'task_overdue',
          campaign_id: t.campaign_id,
          task_id: t.id,
          actor_id: null,
          day: t.due_date,
          data: { campaign_title: t.campaign_title, task_title: t.title, due_date: t.due_date },
        }));
        written += await notify(s.db, items, s.background);
      }
      return written;
    },
  };
}

/** Every task of the inbox, for `services.background.add(...)`: the fan-out and the drift sweep first, so a drain mails what they write. */
export const notificationTasks = (s: Ctx & Pick<Services, 'config'>): BackgroundTask[] => [fanoutTask(s), driftTask(s), mailTask(s), digestTask(s), reminderTask(s)];
