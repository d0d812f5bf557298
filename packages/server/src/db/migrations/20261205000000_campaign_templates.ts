import type { Knex } from 'knex';

/**
 * Campaign templates back-timed from go-live (docs/adr/0054-campaign-templates.md): one row per
 * template, its default campaign fields, roles and task list kept as JSON documents of the row
 * (a template is edited, exported and imported whole: one version, one history entry, one realtime
 * change per save). Names are unique ignoring case. On the realtime feed like every data table
 * (docs/adr/0023): `change_xid`, the stamp trigger and the tombstone trigger with its entity's name.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE campaign_templates (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL CONSTRAINT campaign_templates_name_check CHECK (char_length(name) BETWEEN 1 AND 120),
    description text,
    defaults jsonb NOT NULL DEFAULT '{}'::jsonb,
    planning_offset integer NOT NULL DEFAULT 10 CONSTRAINT campaign_templates_planning_offset_check CHECK (planning_offset BETWEEN 0 AND 260),
    roles jsonb NOT NULL DEFAULT '[]'::jsonb,
    tasks jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1,
    change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
  )`);
  await knex.raw('CREATE UNIQUE INDEX campaign_templates_name ON campaign_templates (lower(name))');
  await knex.raw('CREATE INDEX campaign_templates_change_xid ON campaign_templates (change_xid)');
  await knex.raw('CREATE TRIGGER campaign_templates_feed_stamp BEFORE UPDATE ON campaign_templates FOR EACH ROW EXECUTE FUNCTION feed_stamp()');
  await knex.raw(
    `CREATE TRIGGER campaign_templates_feed_tombstones AFTER DELETE ON campaign_templates REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION feed_tombstones('templates')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS campaign_templates');
}
