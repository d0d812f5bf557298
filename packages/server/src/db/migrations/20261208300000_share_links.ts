import type { Knex } from 'knex';

/**
 * Stakeholder links (docs/adr/0061): a saved view shown read-only, without an account, to whoever
 * holds the link's secret (kept only as its SHA-256, like access keys). Not an entity of the
 * realtime feed: a link is a credential, like an access key, and its changes reach other
 * processes the way a key's do, through `cadence_principals` (a revoke or an edit empties every
 * server's principal cache, so an open credential stops at once).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE share_links (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    view_id uuid NOT NULL REFERENCES saved_views (id) ON DELETE CASCADE,
    created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash text NOT NULL CONSTRAINT share_links_token_hash_key UNIQUE,
    expires_on date NOT NULL,
    password_hash text,
    fields text[] NOT NULL DEFAULT '{}',
    visits integer NOT NULL DEFAULT 0,
    last_visited_at timestamptz,
    revoked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw('CREATE INDEX share_links_view_id ON share_links (view_id)');
  await knex.raw('CREATE INDEX share_links_created_by ON share_links (created_by)');
  // Visits are counted on every open: only what changes who the link is NOTIFYs.
  await knex.raw(
    'CREATE TRIGGER share_links_principals_changed AFTER UPDATE OF revoked_at, expires_on, fields, password_hash OR DELETE ON share_links FOR EACH STATEMENT EXECUTE FUNCTION cadence_principals_changed()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS share_links');
}
