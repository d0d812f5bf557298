import type { Knex } from 'knex';

/**
 * Counts applied in place (docs/adr/0034): a campaign keeps, in `counted_before`, its last 8
 * states of the fields the counts read, each with the transaction that replaced it, and in
 * `created_xid` the transaction that created it. A client holding counts read in a known
 * snapshot can then tell what those counts held for the row, and move them by one change.
 * Both are set by the row's own write (the update trigger, a column default): no extra tuple.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE campaigns ADD COLUMN counted_before jsonb');
  // Existing rows get 0: every snapshot has seen them.
  await knex.raw(`ALTER TABLE campaigns ADD COLUMN created_xid xid8 NOT NULL DEFAULT '0'`);
  await knex.raw('ALTER TABLE campaigns ALTER COLUMN created_xid SET DEFAULT pg_current_xact_id()');
  await knex.raw(`CREATE OR REPLACE FUNCTION feed_stamp_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE was jsonb;
    BEGIN
      NEW.change_xid := pg_current_xact_id();
      IF (OLD.scope, OLD.primary_channel, OLD.channels, OLD.created_by) IS DISTINCT FROM
         (NEW.scope, NEW.primary_channel, NEW.channels, NEW.created_by) THEN
        was := coalesce(OLD.access_before, '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
          'scope', OLD.scope, 'primary_channel', OLD.primary_channel, 'channels', to_jsonb(OLD.channels), 'created_by', OLD.created_by));
        IF jsonb_array_length(was) > 8 THEN was := was - 0; END IF;
        NEW.access_before := was;
      END IF;
      IF (OLD.status, OLD.scope, OLD.primary_channel, OLD.channels, OLD.owner, OLD.priority, OLD.created_by) IS DISTINCT FROM
         (NEW.status, NEW.scope, NEW.primary_channel, NEW.channels, NEW.owner, NEW.priority, NEW.created_by) THEN
        was := coalesce(OLD.counted_before, '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
          'until', NEW.change_xid::text, 'status', OLD.status, 'scope', OLD.scope, 'primary_channel', OLD.primary_channel,
          'channels', to_jsonb(OLD.channels), 'owner', OLD.owner, 'priority', OLD.priority, 'created_by', OLD.created_by));
        -- The first element {"truncated": true} says older states were dropped.
        IF jsonb_array_length(was) > 8 THEN was := jsonb_build_array(jsonb_build_object('truncated', true)) || (was - 0 - 0); END IF;
        NEW.counted_before := was;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE OR REPLACE FUNCTION feed_tombstones() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO change_marks (topic, op, row_id, row)
        SELECT TG_ARGV[0], 'delete', g.id::text, to_jsonb(g) - 'change_xid' - 'access_before' FROM gone g;
      RETURN NULL;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE campaigns DROP COLUMN IF EXISTS counted_before');
  await knex.raw('ALTER TABLE campaigns DROP COLUMN IF EXISTS created_xid');
}
