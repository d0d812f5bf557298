import type { Knex } from 'knex';

/**
 * Indexes for lists of 10,000 campaigns (docs/adr/0020):
 * - a GiST index over each campaign's span, so a calendar window (`from`/`to`) is one range-overlap
 *   lookup instead of a scan of every row; the expression must stay identical to SPAN_SQL in
 *   routes/campaigns/filters.ts, or the planner cannot use it;
 * - (created_at, id) instead of created_at alone: the list's order and its page cursor, both columns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX campaigns_span_idx ON campaigns USING gist (daterange(
    least(planning_start_date, live_date),
    CASE WHEN end_date IS NULL THEN NULL ELSE greatest(planning_start_date, live_date, end_date) END,
    '[]'))`);
  await knex.raw('CREATE INDEX campaigns_created_at_id_idx ON campaigns (created_at, id)');
  await knex.raw('DROP INDEX IF EXISTS campaigns_created_at_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS campaigns_created_at_index ON campaigns (created_at)');
  await knex.raw('DROP INDEX IF EXISTS campaigns_created_at_id_idx');
  await knex.raw('DROP INDEX IF EXISTS campaigns_span_idx');
}
