import { can, mentionedIds, newlyMentioned, type CampaignAccessFields } from '@cadence/core';
import type { Knex } from 'knex';
import { fieldError } from '../errors';
import { usersWithRights } from '../routes/tasks/assignees';

// A comment's mentions (docs/adr/0059): the ids its text names, checked against who may read the
// campaign, so nothing is saved that mentions someone who could not follow it.

export { mentionedIds, newlyMentioned };

/** Refuses (400 on `body`) a text that mentions someone who does not exist or may not read the campaign. */
export async function checkMentions(db: Knex, ids: readonly string[], campaign: CampaignAccessFields): Promise<void> {
  if (!ids.length) return;
  const users = await usersWithRights(db, ids);
  const missing = ids.filter((id) => !users.some((u) => u.id === id));
  if (missing.length) throw fieldError('body', `Mentions someone who is no longer a user (${missing.join(', ')})`);
  const blind = users.filter((u) => !can(u.principal, 'read', 'campaign', campaign));
  if (blind.length) {
    const names = blind.map((u) => u.email).join(', ');
    throw fieldError('body', `${names} cannot read this campaign, so cannot be mentioned`);
  }
}
