import type { Knex } from 'knex';

const BEFORE = ['mentioned', 'task_assigned', 'task_due_tomorrow', 'task_overdue', 'review_requested', 'approved', 'changes_requested', 'campaign_changed'];
const list = (kinds: readonly string[]) => kinds.map((k) => `'${k}'`).join(', ');

/**
 * The watchers' drift item (docs/adr/0063, addendum): a campaign that slipped past the latest saved
 * baseline by more than DRIFT_DIGEST_DAYS. `baseline_drift_alerts` is the claim that tells each
 * slip once per baseline, whichever process finds it first; deleting the baseline or the campaign
 * takes its rows with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${list([...BEFORE, 'campaign_drifted'])}))`);
  await knex.raw(`CREATE TABLE baseline_drift_alerts (
    baseline_id uuid NOT NULL REFERENCES baselines (id) ON DELETE CASCADE,
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    slip_days integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (baseline_id, campaign_id)
  )`);
  await knex.raw('CREATE INDEX baseline_drift_alerts_campaign ON baseline_drift_alerts (campaign_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS baseline_drift_alerts');
  await knex.raw("DELETE FROM notifications WHERE kind = 'campaign_drifted'");
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${list(BEFORE)}))`);
}
