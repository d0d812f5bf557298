import type { WatchReason, WatchState } from '@cadence/core';
import type { Knex } from 'knex';
import { userReadsCampaignSql } from '../notifications/readers';

// Who watches a campaign (docs/adr/0059). Implicit watchers are derived when asked: its owner and
// creator, its tasks' assignees, the reviewers of its channels' approval steps (docs/adr/0056) and
// everyone its comments mention. `campaign_watchers` keeps explicit choices, which override them:
// an unwatch is a row with watching = false. Only people who may read the campaign now count: the
// read rule of docs/architecture.md#rules as SQL over each user's role and permission records.

/** Implicit watchers of campaign `c` (a CTE of one row), each with why; ids as text (reviewer ids are JSON). */
const IMPLICIT = `
  SELECT c.owner_id::text AS user_id, 1 AS rank FROM c WHERE c.owner_id IS NOT NULL
  UNION ALL SELECT c.created_by::text, 1 FROM c WHERE c.created_by IS NOT NULL
  UNION ALL SELECT t.assignee_id::text, 2 FROM tasks t, c WHERE t.campaign_id = c.id AND t.assignee_id IS NOT NULL
  UNION ALL SELECT rid, 3 FROM approval_rules r CROSS JOIN c
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.steps) = 'array' THEN r.steps ELSE '[]'::jsonb END) AS st(step)
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(st.step->'reviewer_ids') = 'array' THEN st.step->'reviewer_ids' ELSE '[]'::jsonb END) AS rv(rid)
   WHERE r.channel = ANY (c.channels) AND r.mode <> 'none'
  UNION ALL SELECT unnest(k.mention_ids)::text, 4 FROM campaign_comments k, c WHERE k.campaign_id = c.id`;

/** May user `u` read campaign `c` now (core's readCampaign for a person, as SQL: notifications/readers.ts, held to `can()` by its test)? */
const READS = userReadsCampaignSql('u.id', 'c');

const CAMPAIGN = 'SELECT id, owner_id, created_by, scope, primary_channel, channels FROM campaigns WHERE id = ?';

/**
 * The ids of the people who watch the campaign and may read it now, in id order: one query, whatever
 * the number of watchers (what notifications are sent to). An unknown campaign has none.
 */
export async function watchersOf(db: Knex, campaignId: string): Promise<string[]> {
  const result = await db.raw(
    `WITH c AS (${CAMPAIGN}),
          candidates AS (SELECT user_id FROM (${IMPLICIT}) i
                         UNION SELECT w.user_id::text FROM campaign_watchers w, c WHERE w.campaign_id = c.id AND w.watching)
     SELECT u.id FROM candidates x JOIN users u ON u.id::text = x.user_id CROSS JOIN c
      WHERE NOT EXISTS (SELECT 1 FROM campaign_watchers w WHERE w.campaign_id = c.id AND w.user_id = u.id AND NOT w.watching)
        AND ${READS}
      ORDER BY u.id`,
    [campaignId],
  );
  return (result.rows ?? result).map((r: { id: string }) => String(r.id));
}

const REASONS: Record<number, WatchReason> = { 1: 'owner', 2: 'assignee', 3: 'reviewer', 4: 'mentioned' };

/** Whether `userId` watches the campaign and why (the first implicit reason, else their explicit choice), and how many watch it. */
export async function watchStateOf(db: Knex, campaignId: string, userId: string): Promise<WatchState> {
  const result = await db.raw(
    `WITH c AS (${CAMPAIGN})
     SELECT (SELECT w.watching FROM campaign_watchers w, c WHERE w.campaign_id = c.id AND w.user_id = ?) AS explicit,
            (SELECT min(i.rank) FROM (${IMPLICIT}) i WHERE i.user_id = ?) AS implicit,
            EXISTS (SELECT 1 FROM users u, c WHERE u.id = ? AND ${READS}) AS reads`,
    [campaignId, userId, userId, userId],
  );
  const [row] = result.rows ?? result;
  const count = (await watchersOf(db, campaignId)).length;
  const explicit: boolean | null = row?.explicit ?? null;
  const implicit = row?.implicit == null ? null : REASONS[Number(row.implicit)]!;
  if (explicit === false || !row?.reads) return { watching: false, reason: null, count };
  if (implicit) return { watching: true, reason: implicit, count };
  return explicit ? { watching: true, reason: 'explicit', count } : { watching: false, reason: null, count };
}

/** The caller's explicit choice: watch (true) or unwatch (false), overriding any implicit reason. */
export async function setWatching(db: Knex, campaignId: string, userId: string, watching: boolean): Promise<void> {
  await db.raw(
    `INSERT INTO campaign_watchers (campaign_id, user_id, watching) VALUES (?::uuid, ?::uuid, ?)
     ON CONFLICT (campaign_id, user_id) DO UPDATE SET watching = EXCLUDED.watching`,
    [campaignId, userId, watching],
  );
}

/**
 * Makes these people watch the campaign (a comment's author, the people it newly mentions): an
 * explicit watching = true, even over an earlier unwatch, as joining a conversation does elsewhere.
 * Ids of users who do not exist are skipped.
 */
export async function markWatching(db: Knex, campaignId: string, userIds: readonly string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await db.raw(
    `INSERT INTO campaign_watchers (campaign_id, user_id, watching)
     SELECT ?::uuid, u.id, true FROM users u WHERE u.id = ANY (?::uuid[])
     ON CONFLICT (campaign_id, user_id) DO UPDATE SET watching = true`,
    [campaignId, ids],
  );
}
