import type { Knex } from 'knex';

/**
 * TEMPORARY — replace with `watchersOf(db, campaignId)` from `../watching/watchers.ts` when the
 * watching branch merges (its explicit watch table adds whoever pressed Watch, reviewers and the
 * mentioned, and drops whoever unwatched). Until then a campaign's watchers are the people it
 * implicitly concerns: its owner, its creator and the assignees of its tasks.
 */
export async function watchersOf(db: Knex, campaignId: string): Promise<string[]> {
  const rows: Array<{ user_id: string | null }> = await db
    .select('owner_id AS user_id')
    .from('campaigns')
    .where({ id: campaignId })
    .union((u) => u.select('created_by AS user_id').from('campaigns').where({ id: campaignId }))
    .union((u) => u.distinct('assignee_id AS user_id').from('tasks').where({ campaign_id: campaignId }).whereNotNull('assignee_id'));
  return rows.flatMap((r) => (r.user_id ? [r.user_id] : []));
}
