import { mentionToken } from '@cadence/core';
import type { Knex } from 'knex';
import { DEMO_REVIEW } from './approvals';

// Demo comments (docs/adr/0059): a conversation with mentions on the campaigns under review, and
// an explicit watcher and an unwatch, so the Comments tab and its Watch button have something to show.

/** The e-mails as the seed made them, for the mentions' labels. */
export async function seedComments(trx: Knex, admin: { id: string; email: string }, viewer: { id: string; email: string }, now: Date): Promise<void> {
  const campaigns: Array<{ id: string; title: string }> = await trx('campaigns').whereIn('title', Object.values(DEMO_REVIEW)).select('id', 'title');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
  const rows = campaigns.flatMap((c) => {
    const thread = [
      { body: `Draft is in the shared folder. ${mentionToken(viewer.email, viewer.id)} could you check the **subject lines** before review?`, created_by: admin.id, mention_ids: [viewer.id], created_at: at(30) },
      { body: `On it. Two of them read *too long* on a phone; see the [style guide](https://example.com/style-guide).\nI left notes beside each.`, created_by: viewer.id, mention_ids: [], created_at: at(26) },
      { body: `Thanks ${mentionToken(viewer.email, viewer.id)}, shortened. Asking for review now.`, created_by: admin.id, mention_ids: [viewer.id], created_at: at(3) },
    ];
    return thread.map((k) => ({ ...k, campaign_id: c.id, updated_at: k.created_at }));
  });
  if (rows.length) await trx('campaign_comments').insert(rows);
  // The author and the mentioned watch what they talk about; the viewer unwatched one of them.
  const watchers = campaigns.flatMap((c, i) => [
    { campaign_id: c.id, user_id: admin.id, watching: true },
    { campaign_id: c.id, user_id: viewer.id, watching: i !== 0 },
  ]);
  if (watchers.length) await trx('campaign_watchers').insert(watchers);
}
