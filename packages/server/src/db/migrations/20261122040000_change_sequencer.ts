import type { Knex } from 'knex';

/**
 * Writers append to `changes_pending` without any lock; a sequencer moves committed rows into
 * `changes`, numbering them in commit order (docs/adr/0014). Before, each writer held one
 * advisory lock through its commit, which serialised every write transaction's fsync.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('changes_pending', (t) => {
    t.bigIncrements('id').primary();
    t.text('topic').notNullable();
    t.text('op').notNullable();
    t.text('row_id').notNullable();
    t.jsonb('row').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('changes_pending');
}
