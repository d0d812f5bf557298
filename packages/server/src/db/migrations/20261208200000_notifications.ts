import type { Knex } from 'knex';

// Values are spelled out, not imported: a landed migration must not change when core does.
const KINDS = ['mentioned', 'task_assigned', 'task_due_tomorrow', 'task_overdue', 'review_requested', 'approved', 'changes_requested', 'campaign_changed'];
const DELIVERIES = ['app', 'email', 'digest'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The inbox (docs/adr/0060-inbox-and-notification-mail.md).
 *
 * - `notifications`: one row per item and recipient, written by the server alone (`notify`, one
 *   statement however many recipients). `delivery` is how its recipient wanted that kind when it
 *   was written: the mail task claims `email` rows not yet `emailed_at`, the digest task `digest`
 *   rows not yet `digested_at`. `day`, for a task's reminders, is the due date it is about: with the
 *   unique index a task is reminded once per kind and due date, however many processes sweep. On
 *   the realtime feed like the data tables (docs/adr/0023), but the stamp trigger stamps only what
 *   its reader sees change (read, or what it says): the mail task's bookkeeping sends nothing.
 * - `notification_preferences`: per person, the kinds they chose (the rest are core's defaults),
 *   their digest's time and time zone. No row: every default.
 * - `notification_digests`: one row per person and their own day once that day's digest is taken,
 *   the claim that makes it once however many processes run.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind text NOT NULL CONSTRAINT notifications_kind_check CHECK (kind IN (${list(KINDS)})),
    campaign_id uuid REFERENCES campaigns (id) ON DELETE CASCADE,
    task_id uuid REFERENCES tasks (id) ON DELETE CASCADE,
    actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
    data jsonb NOT NULL DEFAULT '{}'::jsonb,
    delivery text NOT NULL DEFAULT 'app' CONSTRAINT notifications_delivery_check CHECK (delivery IN (${list(DELIVERIES)})),
    day date,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1,
    read_at timestamptz,
    emailed_at timestamptz,
    digested_at timestamptz,
    change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
  )`);
  // The inbox newest first, its unread count, the mail and digest tasks' claims, the reminders' once-only rule, the feed's reads.
  await knex.raw('CREATE INDEX notifications_inbox ON notifications (user_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL');
  await knex.raw("CREATE INDEX notifications_to_mail ON notifications (created_at) WHERE delivery = 'email' AND emailed_at IS NULL");
  await knex.raw("CREATE INDEX notifications_to_digest ON notifications (user_id) WHERE delivery = 'digest' AND digested_at IS NULL");
  await knex.raw('CREATE UNIQUE INDEX notifications_reminder_once ON notifications (user_id, task_id, kind, day) WHERE day IS NOT NULL');
  await knex.raw('CREATE INDEX notifications_campaign ON notifications (campaign_id)');
  await knex.raw('CREATE INDEX notifications_task ON notifications (task_id) WHERE task_id IS NOT NULL');
  await knex.raw('CREATE INDEX notifications_change_xid ON notifications (change_xid)');
  await knex.raw(`CREATE FUNCTION feed_stamp_notification() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (OLD.read_at, OLD.data, OLD.version) IS DISTINCT FROM (NEW.read_at, NEW.data, NEW.version) THEN
        NEW.change_xid := pg_current_xact_id();
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('CREATE TRIGGER notifications_feed_stamp BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION feed_stamp_notification()');
  await knex.raw(`CREATE TRIGGER notifications_feed_tombstones AFTER DELETE ON notifications REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION feed_tombstones('notifications')`);

  await knex.raw(`CREATE TABLE notification_preferences (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    kinds jsonb NOT NULL DEFAULT '{}'::jsonb,
    digest_time text NOT NULL DEFAULT '08:00' CONSTRAINT notification_preferences_time_check CHECK (digest_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    time_zone text NOT NULL DEFAULT 'UTC',
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw(`CREATE TABLE notification_digests (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day date NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now(),
    items integer NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS notification_digests');
  await knex.raw('DROP TABLE IF EXISTS notification_preferences');
  await knex.raw('DROP TABLE IF EXISTS notifications');
  await knex.raw('DROP FUNCTION IF EXISTS feed_stamp_notification()');
}
