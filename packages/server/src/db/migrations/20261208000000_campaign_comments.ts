import type { Knex } from 'knex';

/**
 * A campaign's comments and who watches it (docs/adr/0059-campaign-comments-and-watching.md).
 *
 * - `campaign_comments`: one row per comment, oldest first within its campaign, deleted with it.
 *   `body` keeps mentions as `@[label](user:<id>)` tokens; `mention_ids` is the ids they name, kept
 *   by the server beside the text, so watchers and "newly mentioned" are read without parsing. On
 *   the realtime feed like every data table (docs/adr/0023).
 * - `campaign_watchers`: explicit choices only (watch, unwatch, and the watch a comment or a
 *   mention writes); the implicit watchers (owner, creator, assignees, reviewers, the mentioned)
 *   are derived when asked. Gone with the campaign or the user.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE campaign_comments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    body text NOT NULL CONSTRAINT campaign_comments_body_check CHECK (char_length(btrim(body)) BETWEEN 1 AND 5000),
    mention_ids uuid[] NOT NULL DEFAULT '{}',
    edited_at timestamptz,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1,
    change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
  )`);
  await knex.raw('CREATE INDEX campaign_comments_campaign ON campaign_comments (campaign_id, created_at, id)');
  await knex.raw('CREATE INDEX campaign_comments_change_xid ON campaign_comments (change_xid)');
  await knex.raw('CREATE TRIGGER campaign_comments_feed_stamp BEFORE UPDATE ON campaign_comments FOR EACH ROW EXECUTE FUNCTION feed_stamp()');
  await knex.raw(
    `CREATE TRIGGER campaign_comments_feed_tombstones AFTER DELETE ON campaign_comments REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION feed_tombstones('campaign_comments')`,
  );

  await knex.raw(`CREATE TABLE campaign_watchers (
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    watching boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, user_id)
  )`);
  // A user's deletion cascades here.
  await knex.raw('CREATE INDEX campaign_watchers_user ON campaign_watchers (user_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS campaign_watchers');
  await knex.raw('DROP TABLE IF EXISTS campaign_comments');
}
