import type { Knex } from 'knex';

/**
 * Every change to who someone is or may do NOTIFYs `cadence_principals`, whichever process or
 * tool made it, so each server's principal cache forgets at once (docs/adr/0013). Per statement,
 * and only for the columns that matter: sign-ins and token rotation do not fire it.
 */
const FUNCTION = `CREATE OR REPLACE FUNCTION cadence_principals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cadence_principals', '');
  RETURN NULL;
END $$`;

const TRIGGERS: Array<[table: string, events: string]> = [
  ['users', 'UPDATE OR DELETE'],
  ['user_roles', 'INSERT OR UPDATE OR DELETE'],
  ['user_permissions', 'INSERT OR UPDATE OR DELETE'],
  ['refresh_tokens', 'UPDATE OF revoked_at OR DELETE'],
  ['access_keys', 'UPDATE OF revoked_at, read_only, channels OR DELETE'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(FUNCTION);
  for (const [table, events] of TRIGGERS) {
    await knex.raw(`CREATE TRIGGER ${table}_principals_changed AFTER ${events} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION cadence_principals_changed()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_principals_changed ON ${table}`);
  await knex.raw('DROP FUNCTION IF EXISTS cadence_principals_changed()');
}
