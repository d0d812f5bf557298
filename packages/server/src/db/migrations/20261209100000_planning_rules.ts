import type { Knex } from 'knex';

/**
 * Planning rules (docs/adr/0062-planning-rules.md): an administrator's limits on how go-lives are
 * spread, each a warning or a block. The columns a kind does not use are null (the API writes
 * them so); the checks repeat core's bounds so no other writer stores a rule core cannot judge.
 * Like the working calendar, a change is a mark on the feed (no stamp triggers).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE planning_rules (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL CHECK (kind IN ('channel_load', 'audience_load', 'owner_load', 'non_working', 'min_gap')),
    severity text NOT NULL DEFAULT 'warn' CHECK (severity IN ('warn', 'block')),
    "limit" integer CHECK ("limit" BETWEEN 1 AND 10000),
    period text CHECK (period IN ('day', 'week')),
    channel text,
    audience text CHECK (char_length(audience) BETWEEN 1 AND 200),
    gap_days integer CHECK (gap_days BETWEEN 1 AND 366),
    name text CHECK (char_length(name) BETWEEN 1 AND 120),
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS planning_rules');
}
