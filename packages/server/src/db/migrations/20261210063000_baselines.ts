import type { Knex } from 'knex';

/**
 * Baselines (docs/adr/0063): named past moments of the plan, the team's. Not on the realtime feed
 * (a list that changes a few times a quarter; the page that saves one refreshes it). A baseline's
 * comparison reads the campaign entries written after its moment, so `cadence-server
 * prune-history` keeps those (history/prune.ts) and the partial index below finds them: entries
 * are about many kinds of rows, and only campaigns' are rewound.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE baselines (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL CONSTRAINT baselines_name_check CHECK (char_length(btrim(name)) BETWEEN 1 AND 120),
    at timestamptz NOT NULL,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1
  )`);
  await knex.raw('CREATE UNIQUE INDEX baselines_name_key ON baselines (lower(name))');
  await knex.raw('CREATE INDEX baselines_at ON baselines (at)');
  await knex.raw("CREATE INDEX history_entries_campaigns_at ON history_entries (at) WHERE resource = 'campaigns'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS history_entries_campaigns_at');
  await knex.raw('DROP TABLE IF EXISTS baselines');
}
