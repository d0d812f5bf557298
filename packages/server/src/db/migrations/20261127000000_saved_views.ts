import type { Knex } from 'knex';

/**
 * Saved views (docs/adr/0032): a name and a dashboard link's query, personal or shared.
 * Names are unique ignoring case per owner among personal views, and among shared views.
 * A deleted user's personal views go with them (a trigger, whatever path deletes the user);
 * their shared views stay, `created_by` set to null. The table is on the realtime feed like the
 * data tables (docs/adr/0023): `access_before` keeps the earlier sharing, so a view made
 * personal is a removal for the others. Access keys may be bound to a view (`view_id`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE saved_views (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    dashboard text NOT NULL DEFAULT 'global',
    query text NOT NULL DEFAULT '',
    shared boolean NOT NULL DEFAULT false,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1,
    change_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
    access_before jsonb,
    CONSTRAINT saved_views_owner_check CHECK (shared OR created_by IS NOT NULL)
  )`);
  await knex.raw('CREATE UNIQUE INDEX saved_views_personal_name ON saved_views (created_by, lower(name)) WHERE NOT shared');
  await knex.raw('CREATE UNIQUE INDEX saved_views_shared_name ON saved_views (lower(name)) WHERE shared');
  await knex.raw('CREATE INDEX saved_views_change_xid ON saved_views (change_xid)');
  await knex.raw(`CREATE FUNCTION feed_stamp_saved_view() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.change_xid := pg_current_xact_id();
      IF (OLD.shared, OLD.dashboard, OLD.created_by) IS DISTINCT FROM (NEW.shared, NEW.dashboard, NEW.created_by) THEN
        NEW.access_before := jsonb_build_array(jsonb_build_object('shared', OLD.shared, 'dashboard', OLD.dashboard, 'created_by', OLD.created_by));
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('CREATE TRIGGER saved_views_feed_stamp BEFORE UPDATE ON saved_views FOR EACH ROW EXECUTE FUNCTION feed_stamp_saved_view()');
  await knex.raw(`CREATE TRIGGER saved_views_feed_tombstones AFTER DELETE ON saved_views REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION feed_tombstones('saved_views')`);
  await knex.raw(`CREATE FUNCTION saved_views_owner_gone() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM saved_views WHERE created_by = OLD.id AND NOT shared;
      RETURN OLD;
    END $$`);
  await knex.raw('CREATE TRIGGER users_saved_views BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION saved_views_owner_gone()');
  await knex.raw('ALTER TABLE access_keys ADD COLUMN view_id uuid REFERENCES saved_views (id) ON DELETE SET NULL');
  // A key bound to a view reads what the view shows now: an edit empties every server's principal
  // cache (docs/adr/0013), as a change to the key itself does.
  await knex.raw('CREATE TRIGGER saved_views_principals_changed AFTER UPDATE OF query, dashboard, shared OR DELETE ON saved_views FOR EACH STATEMENT EXECUTE FUNCTION cadence_principals_changed()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE access_keys DROP COLUMN IF EXISTS view_id');
  await knex.raw('DROP TRIGGER IF EXISTS users_saved_views ON users');
  await knex.raw('DROP TABLE IF EXISTS saved_views');
  await knex.raw('DROP FUNCTION IF EXISTS feed_stamp_saved_view(), saved_views_owner_gone()');
}
