import type { Knex } from 'knex';

// Values are spelled out, not imported: a landed migration must not change when core does.
const MODES = ['none', 'one', 'every'];
const KINDS = ['request', 'approve', 'changes', 'override'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Approvals per channel and the go-live gate (docs/adr/0056-approvals-and-the-go-live-gate.md).
 *
 * - `approval_rules`: one row per channel that has a rule: its mode and its reviewers in steps
 *   (`[{name, reviewer_ids}]`, taken in order). A channel without a row needs no approval.
 * - `campaign_reviews`: the facts of a campaign's review, appended and never changed: requests,
 *   reviewers' decisions (per channel and step, with a comment) and administrators' overrides,
 *   each with the approved fields as they were (`basis`), so a later change to dates, brief or
 *   channels shows as "review again". Numbered by `id` in the order they happened; deleted with
 *   their campaign.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE approval_rules (
    channel text PRIMARY KEY,
    mode text NOT NULL CONSTRAINT approval_rules_mode_check CHECK (mode IN (${list(MODES)})),
    steps jsonb NOT NULL DEFAULT '[]'::jsonb,
    updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw(`CREATE TABLE campaign_reviews (
    id bigserial PRIMARY KEY,
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    kind text NOT NULL CONSTRAINT campaign_reviews_kind_check CHECK (kind IN (${list(KINDS)})),
    channel text,
    step integer,
    comment text CONSTRAINT campaign_reviews_comment_check CHECK (comment IS NULL OR char_length(comment) <= 2000),
    basis text NOT NULL,
    actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw('CREATE INDEX campaign_reviews_campaign ON campaign_reviews (campaign_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('campaign_reviews');
  await knex.schema.dropTableIfExists('approval_rules');
}
