import type { Knex } from 'knex';

/**
 * The entry's access (20261129000000) looks its campaign up by primary key. It compared
 * `c.id::text = NEW.row_id`, which no index serves: every campaign write's entry read the whole
 * campaigns table, so a create cost more the more campaigns there were (docs/performance.md,
 * write throughput). `c.id = NEW.row_id::uuid` is one index probe; a row id that is not a uuid
 * (none is written for campaigns) finds no campaign, as before, instead of failing the write.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION history_entry_access() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.row IS NOT NULL THEN
        NEW.access := jsonb_build_object('scope', NEW.row->'scope', 'primary_channel', NEW.row->'primary_channel',
                                         'channels', NEW.row->'channels', 'created_by', NEW.row->'created_by');
      ELSIF NEW.row_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
        SELECT jsonb_build_object('scope', c.scope, 'primary_channel', c.primary_channel, 'channels', to_jsonb(c.channels), 'created_by', c.created_by)
          INTO NEW.access FROM campaigns c WHERE c.id = NEW.row_id::uuid;
      END IF;
      RETURN NEW;
    END $$`);
}

/** Back to the function as 20261129000000 wrote it. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION history_entry_access() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.row IS NOT NULL THEN
        NEW.access := jsonb_build_object('scope', NEW.row->'scope', 'primary_channel', NEW.row->'primary_channel',
                                         'channels', NEW.row->'channels', 'created_by', NEW.row->'created_by');
      ELSE
        SELECT jsonb_build_object('scope', c.scope, 'primary_channel', c.primary_channel, 'channels', to_jsonb(c.channels), 'created_by', c.created_by)
          INTO NEW.access FROM campaigns c WHERE c.id::text = NEW.row_id;
      END IF;
      RETURN NEW;
    END $$`);
}
