import type { Knex } from 'knex';

/**
 * The realtime feed is read from the data rows themselves (docs/adr/0023): each row carries
 * `change_xid`, the id of the transaction that last wrote it (a column default on insert, a
 * trigger on update), so a write adds no tuple. Deletes leave a tombstone in `change_marks`
 * (a statement trigger over the deleted rows), which also holds what data rows cannot carry:
 * an import's `resync` and permission changes. The old log tables go.
 */
export const FEED_TABLES = [
  'campaigns',
  'industry_publications',
  'publication_ad_types',
  'industry_publication_ads',
  'prospective_publications',
  'sponsored_articles',
  'events',
  'ideas',
  'ideas_comments',
] as const;

/** The topic each feed table's rows are announced on (data/changes.ts TOPICS). */
export const TABLE_TOPIC: Record<(typeof FEED_TABLES)[number], string> = {
  campaigns: 'campaigns',
  industry_publications: 'publications',
  publication_ad_types: 'ad_types',
  industry_publication_ads: 'ads',
  prospective_publications: 'prospective_publications',
  sponsored_articles: 'articles',
  events: 'events',
  ideas: 'ideas',
  ideas_comments: 'comments',
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE change_marks (
    id bigserial PRIMARY KEY,
    change_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
    topic text NOT NULL,
    op text NOT NULL,
    row_id text NOT NULL,
    row jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw('CREATE INDEX change_marks_xid ON change_marks (change_xid)');
  await knex.raw(`CREATE FUNCTION feed_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.change_xid := pg_current_xact_id();
      RETURN NEW;
    END $$`);
  // The fields core's read rule looks at; kept (last 8 states) so the feed can tell a reader
  // who loses a campaign that it is gone (docs/adr/0023, scope changes).
  await knex.raw(`CREATE FUNCTION feed_stamp_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
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
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE FUNCTION feed_tombstones() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO change_marks (topic, op, row_id, row)
        SELECT TG_ARGV[0], 'delete', g.id::text, to_jsonb(g) - 'change_xid' - 'access_before' FROM gone g;
      RETURN NULL;
    END $$`);
  await knex.raw('ALTER TABLE campaigns ADD COLUMN access_before jsonb');
  for (const table of FEED_TABLES) {
    // Existing rows get xid 0, which no reader's window holds: they are not news.
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN change_xid xid8 NOT NULL DEFAULT '0'`);
    await knex.raw(`ALTER TABLE ${table} ALTER COLUMN change_xid SET DEFAULT pg_current_xact_id()`);
    await knex.raw(`CREATE INDEX ${table}_change_xid ON ${table} (change_xid)`);
    await knex.raw(`CREATE TRIGGER ${table}_feed_stamp BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table === 'campaigns' ? 'feed_stamp_campaign' : 'feed_stamp'}()`);
    await knex.raw(`CREATE TRIGGER ${table}_feed_tombstones AFTER DELETE ON ${table} REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION feed_tombstones('${TABLE_TOPIC[table]}')`);
  }
  await knex.schema.dropTableIfExists('changes_pending');
  await knex.schema.dropTableIfExists('changes');
  // Every earlier seq was a log number; a client resuming from one is told to refetch.
  await knex('changes_meta').where({ id: 1 }).update({ pruned_through: knex.raw(`((pg_snapshot_xmin(pg_current_snapshot())::text::bigint) * 65536)`) });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of FEED_TABLES) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_feed_stamp ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_feed_tombstones ON ${table}`);
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS change_xid`);
  }
  await knex.raw('ALTER TABLE campaigns DROP COLUMN IF EXISTS access_before');
  await knex.raw('DROP FUNCTION IF EXISTS feed_stamp(), feed_stamp_campaign(), feed_tombstones()');
  await knex.schema.dropTableIfExists('change_marks');
  await knex.schema.createTable('changes', (t) => {
    t.bigIncrements('seq').primary();
    t.text('topic').notNullable();
    t.text('op').notNullable();
    t.text('row_id').notNullable();
    t.jsonb('row').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('changes_pending', (t) => {
    t.bigIncrements('id').primary();
    t.text('topic').notNullable();
    t.text('op').notNullable();
    t.text('row_id').notNullable();
    t.jsonb('row').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}
