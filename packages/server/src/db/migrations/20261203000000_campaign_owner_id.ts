import type { Knex } from 'knex';

/**
 * Owners are people: `campaigns.owner_id` names a user (null: none, or a name that is nobody's
 * account), beside the free-text `owner`, which stays (imports, people outside the install). A
 * deleted user leaves the campaign with its text owner and no owner_id. Existing campaigns whose
 * text owner is a user's e-mail (ignoring case and surrounding spaces) get that user.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE campaigns ADD COLUMN owner_id uuid REFERENCES users (id) ON DELETE SET NULL');
  await knex.raw('CREATE INDEX campaigns_owner_id ON campaigns (owner_id) WHERE owner_id IS NOT NULL');
  await matchOwnersToUsers(knex);
}

/**
 * Sets owner_id where it is unset and the text owner is a user's e-mail, ignoring case; of two
 * accounts whose e-mails differ only in case, the older. Returns how many campaigns it set.
 */
export async function matchOwnersToUsers(knex: Knex): Promise<number> {
  const res = await knex.raw(`UPDATE campaigns c SET owner_id = (
      SELECT u.id FROM users u WHERE lower(u.email) = lower(btrim(c.owner)) ORDER BY u.created_at, u.id LIMIT 1)
    WHERE c.owner_id IS NULL AND c.owner IS NOT NULL
      AND EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(btrim(c.owner)))`);
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE campaigns DROP COLUMN IF EXISTS owner_id');
}
