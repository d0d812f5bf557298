import { excerptOf, recipientsOf, watchedChanges, type NotificationKind } from '@cadence/core';
import type { Knex } from 'knex';
import type { Services } from '../services';
import { notify, type NotificationItem } from './notify';
import { queueCampaignChanged } from './fanout';

// Who hears about what (docs/adr/0060): each producer names the candidates, core's `recipientsOf`
// drops the actor and repeats, and `notify` writes the items in one statement in the caller's
// transaction, dropping anyone who cannot read the campaign now. News for all of a campaign's
// watchers is queued instead, and written just after the commit (fanout.ts).

type Ctx = Pick<Services, 'background'>;

interface CampaignRef {
  id: string;
  title: string;
}

/** A task given to someone (created with an assignee, or its assignee changed): they hear of it, unless they gave it themselves. */
export async function notifyTaskAssigned(
  s: Ctx,
  trx: Knex,
  e: { task: AssignedTask; campaign: CampaignRef; actorId: string | null },
): Promise<number> {
  return notifyTasksAssigned(s, trx, [{ ...e.task, campaign: e.campaign }], e.actorId);
}

interface AssignedTask {
  id: string;
  title: string;
  assignee_id: string | null;
  due_date?: string | null;
}

/** Many tasks given at once (a template applied): one statement for all their assignees. */
export async function notifyTasksAssigned(s: Ctx, trx: Knex, tasks: ReadonlyArray<AssignedTask & { campaign: CampaignRef }>, actorId: string | null): Promise<number> {
  const items: NotificationItem[] = tasks.flatMap((t) =>
    recipientsOf([t.assignee_id], actorId).map((user_id) => ({
      user_id,
      kind: 'task_assigned' as const,
      campaign_id: t.campaign.id,
      task_id: t.id,
      actor_id: actorId,
      data: { campaign_title: t.campaign.title, task_title: t.title, due_date: t.due_date ?? null },
    })),
  );
  return notify(trx, items, s.background);
}

/** A review's request (to the reviewers of the open steps) or decision (to whoever asked, and the campaign's owner). */
export async function notifyReview(
  s: Ctx,
  trx: Knex,
  e: { kind: Extract<NotificationKind, 'review_requested' | 'approved' | 'changes_requested'>; campaign: CampaignRef; to: Array<string | null | undefined>; actorId: string | null; channel?: string; comment?: string | null },
): Promise<number> {
  const data = {
    campaign_title: e.campaign.title,
    ...(e.channel ? { channel: e.channel } : {}),
    ...(e.comment ? { excerpt: excerptOf(e.comment) } : {}),
  };
  return notify(
    trx,
    recipientsOf(e.to, e.actorId).map((user_id) => ({ user_id, kind: e.kind, campaign_id: e.campaign.id, actor_id: e.actorId, data })),
    s.background,
  );
}

/** Who asked for the campaign's latest review (they hear its decisions). */
export async function lastRequesterOf(trx: Knex, campaignId: string): Promise<string | null> {
  const row = await trx('campaign_reviews').where({ campaign_id: campaignId, kind: 'request' }).orderBy('created_at', 'desc').first('actor_id');
  return (row?.actor_id as string | null | undefined) ?? null;
}

/**
 * A campaign's dates or status changed: each of its watchers hears of it, one item per change. The
 * write queues ONE fan-out row, whatever the number of watchers; the items are written just after
 * it commits (notifications/fanout.ts). Answers whether there was news to queue.
 */
export async function notifyCampaignChanged(
  s: Ctx,
  trx: Knex,
  e: { before: Record<string, unknown> & CampaignRef; after: Record<string, unknown>; actorId: string | null },
): Promise<boolean> {
  const changes = watchedChanges(e.before, e.after);
  if (!Object.keys(changes).length) return false;
  const title = typeof e.after.title === 'string' ? e.after.title : e.before.title;
  await queueCampaignChanged(s, trx, { campaignId: e.before.id, actorId: e.actorId, data: { campaign_title: title, changes } });
  return true;
}

/**
 * Whoever a comment newly mentions hears of it (the comment's route has checked they may read the
 * campaign; `notify` checks again): called by watching/hooks.ts after the comment commits.
 */
export async function notifyMentioned(
  s: Pick<Services, 'background' | 'db'>,
  e: { campaignId: string; commentId: string; actorId: string | null; mentioned: readonly string[]; excerpt: string },
  trx: Knex = s.db,
): Promise<number> {
  const campaign = await trx('campaigns').where({ id: e.campaignId }).first('title');
  if (!campaign) return 0;
  const items: NotificationItem[] = recipientsOf(e.mentioned, e.actorId).map((user_id) => ({
    user_id,
    kind: 'mentioned',
    campaign_id: e.campaignId,
    actor_id: e.actorId,
    data: { campaign_title: campaign.title as string, excerpt: excerptOf(e.excerpt), comment_id: e.commentId },
  }));
  return notify(trx, items, s.background);
}
