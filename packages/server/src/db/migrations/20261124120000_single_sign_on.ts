import type { Knex } from 'knex';

/**
 * Single sign-on (docs/adr/0027-single-sign-on.md). Accounts are found by issuer + subject, never
 * by e-mail alone; an SSO-only account has no password. Mapped grants carry `source = 'sso'` so a
 * sync touches only what a sync granted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL');

  await knex.schema.createTable('user_identities', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.text('issuer').notNullable();
    t.text('subject').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_sign_in_at', { useTz: true }).nullable();
    t.unique(['issuer', 'subject']);
  });

  // One row per sign-in attempt: the state, nonce and PKCE verifier stay on the server; the
  // browser holds only a random binding in an httpOnly cookie, whose hash must match.
  await knex.schema.createTable('sso_requests', (t) => {
    t.text('state_hash').primary();
    t.text('binding_hash').notNullable();
    t.text('nonce').notNullable();
    t.text('code_verifier').notNullable();
    // `cadence login --sso`: the CLI's loopback address and the SHA-256 of a secret only it knows.
    t.text('redirect_to').nullable();
    t.text('client_challenge').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
  });

  // The one-time code the callback hands the SPA, exchanged once for the session's tokens.
  await knex.schema.createTable('sso_handoffs', (t) => {
    t.text('code_hash').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('family_id').notNullable();
    t.text('client_challenge').nullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
  });

  // A session begun by SSO: its provider refresh token (encrypted) and when the claims were last synced.
  await knex.schema.createTable('sso_sessions', (t) => {
    t.uuid('family_id').primary();
    t.uuid('identity_id').notNullable().references('id').inTable('user_identities').onDelete('CASCADE');
    t.text('provider_refresh_token').nullable();
    t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('sso_group_mappings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('claim').notNullable();
    t.text('value').notNullable();
    t.text('grant').notNullable();
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['claim', 'value', 'grant']);
  });

  for (const table of ['user_permissions', 'user_roles']) {
    await knex.schema.alterTable(table, (t) => {
      t.text('source').notNullable().defaultTo('manual');
    });
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_source_check CHECK (source IN ('manual', 'sso'))`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['user_permissions', 'user_roles']) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('source'));
  }
  for (const table of ['sso_group_mappings', 'sso_sessions', 'sso_handoffs', 'sso_requests', 'user_identities']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex('users').whereNull('password_hash').delete();
  await knex.raw('ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL');
}
