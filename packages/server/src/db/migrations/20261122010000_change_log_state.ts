import type { Knex } from 'knex';

/** Remembers how far the change log has been pruned, so a resume from before it answers `resync`. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('changes_meta', (t) => {
    t.integer('id').primary();
    t.bigInteger('pruned_through').notNullable().defaultTo(0);
  });
  await knex('changes_meta').insert({ id: 1, pruned_through: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('changes_meta');
}
