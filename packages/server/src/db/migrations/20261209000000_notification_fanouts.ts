import type { Knex } from 'knex';

/**
 * A change many people hear of, queued by the write that made it and expanded into their inbox
 * items after it commits (docs/adr/0060, "Fan-out after commit"). One row per change, whatever the
 * number of watchers: the write's transaction pays for one INSERT, not one per watcher. The
 * `notification-fanout` background task claims a row (`FOR UPDATE SKIP LOCKED`), writes its items
 * and deletes it in one transaction, so a crash leaves the row to be expanded again and never
 * half of it. `created_at` is when the change was made: the items carry it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE notification_fanouts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL CONSTRAINT notification_fanouts_kind_check CHECK (kind IN ('campaign_changed')),
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
    data jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw('CREATE INDEX notification_fanouts_queue ON notification_fanouts (created_at, id)');
  await knex.raw('CREATE INDEX notification_fanouts_campaign ON notification_fanouts (campaign_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS notification_fanouts');
}
