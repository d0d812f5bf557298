import type { Knex } from 'knex';

// Values are spelled out, not imported: a landed migration must not change when core does.
const CHANNEL_VALUES = ['email', 'social', 'content', 'paid', 'events', 'webinars', 'seo', 'pr', 'website',
  'customer-community', 'internal', 'industry-publications'];
const CAMPAIGN_STATUSES = ['planning', 'in-progress', 'live', 'completed'];
const PRIORITIES = ['low', 'medium', 'high'];
const SCOPES = ['global', 'channel'];
const AD_STATUSES = ['new', 'content_requested', 'content_ready', 'live'];
const PERMISSION_TYPES = ['global_view', 'global_create', 'channel_view', 'channel_create'];

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const channelArray = `ARRAY[${list(CHANNEL_VALUES)}]::text[]`;

function meta(knex: Knex, t: Knex.CreateTableBuilder) {
  t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.integer('version').notNullable().defaultTo(1);
}
const createdBy = (t: Knex.CreateTableBuilder) =>
  t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
const textArray = (knex: Knex, t: Knex.CreateTableBuilder, name: string) =>
  t.specificType(name, 'text[]').notNullable().defaultTo(knex.raw(`'{}'::text[]`));

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    meta(knex, t);
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.timestamp('email_confirmed_at', { useTz: true }).nullable();
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email))');

  await knex.schema.createTable('user_roles', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('role').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin'))`);

  await knex.schema.createTable('user_permissions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('permission_type').notNullable();
    t.text('channel').nullable();
    createdBy(t);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE user_permissions
    ADD CONSTRAINT user_permissions_type_check CHECK (permission_type IN (${list(PERMISSION_TYPES)})),
    ADD CONSTRAINT user_permissions_channel_check CHECK (
      (permission_type LIKE 'channel_%' AND channel IS NOT NULL AND channel IN (${list(CHANNEL_VALUES)}))
      OR (permission_type LIKE 'global_%' AND channel IS NULL))`);
  await knex.raw(
    `CREATE UNIQUE INDEX user_permissions_unique_idx ON user_permissions (user_id, permission_type, coalesce(channel, ''))`,
  );

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('family_id').notNullable().index();
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('spent_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('one_time_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('purpose').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
  });
  await knex.raw(
    `ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check CHECK (purpose IN ('password_reset', 'email_confirmation'))`,
  );

  await knex.schema.createTable('access_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('key_hash').notNullable().unique();
    t.boolean('read_only').notNullable().defaultTo(true);
    t.specificType('channels', 'text[]').nullable();
    t.uuid('created_by').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
  });
  await knex.raw(`ALTER TABLE access_keys ADD CONSTRAINT access_keys_channels_check CHECK (channels IS NULL OR channels <@ ${channelArray})`);

  // The realtime change log (docs/architecture.md#change-log): written in the same transaction as the data.
  await knex.schema.createTable('changes', (t) => {
    t.bigIncrements('seq').primary();
    t.text('topic').notNullable();
    t.text('op').notNullable();
    t.text('row_id').notNullable();
    t.jsonb('row').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).index();
  });

  await knex.schema.createTable('campaigns', (t) => {
    meta(knex, t);
    t.text('title').notNullable();
    t.text('description').nullable();
    textArray(knex, t, 'channels');
    t.text('status').notNullable().defaultTo('planning');
    t.date('planning_start_date').notNullable();
    t.date('live_date').notNullable();
    t.date('end_date').nullable();
    t.text('owner').nullable();
    t.text('priority').notNullable().defaultTo('medium');
    t.text('scope').notNullable().defaultTo('global');
    t.text('primary_channel').nullable();
    t.jsonb('channel_config').notNullable().defaultTo('{}');
    t.text('summary').nullable();
    t.text('goals').nullable();
    textArray(knex, t, 'audiences');
    t.text('project_leader').nullable();
    textArray(knex, t, 'project_team_members');
    textArray(knex, t, 'kpis');
    textArray(knex, t, 'deliverables');
    textArray(knex, t, 'landing_page_urls');
    createdBy(t);
    t.index(['created_at']);
    t.index(['planning_start_date']);
    t.index(['live_date']);
  });
  await knex.raw(`ALTER TABLE campaigns
    ADD CONSTRAINT campaigns_status_check CHECK (status IN (${list(CAMPAIGN_STATUSES)})),
    ADD CONSTRAINT campaigns_priority_check CHECK (priority IN (${list(PRIORITIES)})),
    ADD CONSTRAINT campaigns_scope_check CHECK (scope IN (${list(SCOPES)})),
    ADD CONSTRAINT campaigns_channels_check CHECK (channels <@ ${channelArray}),
    ADD CONSTRAINT campaigns_primary_channel_check CHECK (
      (scope = 'global' AND primary_channel IS NULL)
      OR (scope = 'channel' AND primary_channel IS NOT NULL AND primary_channel IN (${list(CHANNEL_VALUES)})))`);
  await knex.raw('CREATE INDEX campaigns_channels_idx ON campaigns USING gin (channels)');

  await knex.schema.createTable('ideas', (t) => {
    meta(knex, t);
    t.text('title').notNullable();
    t.text('description').nullable();
    createdBy(t);
    t.index(['created_at']);
  });
  await knex.schema.createTable('ideas_comments', (t) => {
    meta(knex, t);
    t.uuid('idea_id').notNullable().references('id').inTable('ideas').onDelete('CASCADE');
    t.text('comment').notNullable();
    createdBy(t);
    t.index(['idea_id', 'created_at']);
  });

  await knex.schema.createTable('industry_publications', (t) => {
    meta(knex, t);
    t.text('name').notNullable().index();
    t.text('category').nullable();
    t.text('description').nullable();
    t.text('target_audience').nullable();
    t.text('region').nullable();
    textArray(knex, t, 'industry_tags');
    t.text('notes').nullable();
    createdBy(t);
  });
  await knex.schema.createTable('publication_ad_types', (t) => {
    meta(knex, t);
    t.uuid('publication_id').notNullable().references('id').inTable('industry_publications').onDelete('CASCADE');
    t.text('ad_type').notNullable();
    t.text('specifications').nullable();
    t.decimal('cost', 12, 2).nullable();
    t.text('copy_needs').nullable();
    t.text('image_needs').nullable();
    t.text('where_shows').nullable();
    t.text('example_image_url').nullable();
    createdBy(t);
    t.index(['publication_id']);
  });
  await knex.schema.createTable('industry_publication_ads', (t) => {
    meta(knex, t);
    t.uuid('publication_id').notNullable().references('id').inTable('industry_publications').onDelete('CASCADE');
    // Deleting an ad type keeps the ads that used it; they show without a type.
    t.uuid('ad_type_id').nullable().references('id').inTable('publication_ad_types').onDelete('SET NULL');
    t.date('due_date').notNullable();
    t.date('live_date').notNullable().index();
    t.text('status').notNullable().defaultTo('new');
    t.text('content').nullable();
    t.text('notes').nullable();
    t.text('copy_images_link').nullable();
    t.text('region').nullable();
    t.text('audience').nullable();
    t.text('industry').nullable();
    createdBy(t);
    t.index(['publication_id']);
    t.index(['status']);
  });
  await knex.raw(`ALTER TABLE industry_publication_ads ADD CONSTRAINT ads_status_check CHECK (status IN (${list(AD_STATUSES)}))`);

  await knex.schema.createTable('prospective_publications', (t) => {
    meta(knex, t);
    t.text('name').notNullable().index();
    t.text('region').nullable();
    t.text('industry').nullable();
    t.text('audience').nullable();
    t.text('website').nullable();
    t.text('media_kit_link').nullable();
    t.text('contacts').nullable();
    t.text('notes').nullable();
    createdBy(t);
  });
  await knex.raw('CREATE INDEX prospective_publications_name_lower_idx ON prospective_publications (lower(name))');

  await knex.schema.createTable('sponsored_articles', (t) => {
    meta(knex, t);
    t.text('title').notNullable();
    t.text('publication_name').nullable();
    t.text('status').notNullable().defaultTo('new');
    t.date('due_date').notNullable().index();
    t.date('live_date').notNullable();
    t.text('website_examples').nullable();
    t.text('copy_needs').nullable();
    t.text('website_focus_notes').nullable();
    t.text('image_needs').nullable();
    t.text('objective').nullable();
    createdBy(t);
  });
  await knex.raw(`ALTER TABLE sponsored_articles ADD CONSTRAINT articles_status_check CHECK (status IN (${list(AD_STATUSES)}))`);

  await knex.schema.createTable('events', (t) => {
    meta(knex, t);
    t.text('name').notNullable();
    textArray(knex, t, 'vertical');
    t.text('vertical_other').nullable();
    textArray(knex, t, 'audience');
    t.date('start_date').notNullable().index();
    t.date('end_date').notNullable();
    t.text('region').nullable();
    t.text('location').nullable();
    t.text('venue').nullable();
    t.text('event_url').nullable();
    textArray(knex, t, 'type');
    createdBy(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'events',
    'sponsored_articles',
    'prospective_publications',
    'industry_publication_ads',
    'publication_ad_types',
    'industry_publications',
    'ideas_comments',
    'ideas',
    'campaigns',
    'changes',
    'access_keys',
    'one_time_tokens',
    'refresh_tokens',
    'user_permissions',
    'user_roles',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
