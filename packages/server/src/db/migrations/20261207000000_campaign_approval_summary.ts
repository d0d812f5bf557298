import type { Knex } from 'knex';
import { refreshApprovalSummaries } from '../../approvals/store';

/**
 * `campaigns.approval_summary` (docs/adr/0056): a campaign's approval state in brief, each channel
 * that needs approval with its state, or null when none does, so every list, page and realtime
 * change carries it without a join (as `task_summary` does, docs/adr/0049). The server keeps it
 * with core's rule in the transaction of every write that can change it (a review request, a
 * decision, a rule change, a change of the approved fields); its update stamps the row for the
 * feed and leaves `version` and `updated_at` alone.
 *
 * The backfill asks the same rule as the server's writes (approvals/store.ts), not SQL that would
 * restate it: only rows whose summary is not null are written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE campaigns ADD COLUMN approval_summary jsonb');
  await refreshApprovalSummaries(knex, { all: true });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE campaigns DROP COLUMN IF EXISTS approval_summary');
}
