import type { Knex } from 'knex';

/** Rate-limit windows shared by every server process (docs/adr/0004). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable();
  });
  await knex.raw('CREATE INDEX rate_limits_window_idx ON rate_limits (window_start)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
