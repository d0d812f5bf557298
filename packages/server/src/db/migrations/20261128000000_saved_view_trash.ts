import type { Knex } from 'knex';

/**
 * A deleted saved view is kept for a day, so Undo can put it back as it was: the same id (links
 * to it keep working), the same owner (an administrator who deletes a colleague's shared view
 * does not become its owner by undoing) and the same creation time (docs/adr/0035). Only the
 * person who deleted it may restore it; rows go with that person.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE saved_view_trash (
    id uuid PRIMARY KEY,
    view jsonb NOT NULL,
    deleted_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    deleted_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw('CREATE INDEX saved_view_trash_deleted_at ON saved_view_trash (deleted_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS saved_view_trash');
}
