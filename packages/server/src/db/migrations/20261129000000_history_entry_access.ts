import type { Knex } from 'knex';

/**
 * Where a campaign was when an entry about it was written (scope, primary channel, channels,
 * creator): an entry written while the campaign sat in a channel a reader cannot read keeps its
 * values from that reader, even after the campaign moves where they can read it (docs/adr/0028).
 * Filled by a trigger so every write path (routes, imports, reverts, promotes) records it: a
 * delete's entry from the row it kept, any other from the campaign as the transaction left it.
 * Entries written before this have none, and are judged as before (by the row as it is now).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE history_entries ADD COLUMN access jsonb');
  await knex.raw(`CREATE FUNCTION history_entry_access() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await knex.raw(`CREATE TRIGGER history_entry_access BEFORE INSERT ON history_entries FOR EACH ROW
    WHEN (NEW.resource = 'campaigns' AND NEW.row_id IS NOT NULL AND NEW.access IS NULL)
    EXECUTE FUNCTION history_entry_access()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS history_entry_access ON history_entries');
  await knex.raw('DROP FUNCTION IF EXISTS history_entry_access()');
  await knex.raw('ALTER TABLE history_entries DROP COLUMN IF EXISTS access');
}
