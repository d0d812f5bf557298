import type { Knex } from 'knex';

/**
 * The activity log (docs/adr/0028): one row per change, written in the change's own
 * transaction (or statement) and never updated by the API. Two indexes only, to keep the
 * second tuple of a write cheap: the key (newest first, cursors) and one per row (a row's
 * history, the read check of a deleted row).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE history_entries (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    actor_id uuid,
    key_id uuid,
    request_id text,
    resource text NOT NULL,
    row_id text,
    action text NOT NULL,
    changes jsonb,
    row jsonb,
    reverts bigint
  )`);
  await knex.raw('CREATE INDEX history_entries_row ON history_entries (resource, row_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('history_entries');
}
