import { can, mentionedIds, newlyMentioned, type CampaignAccessFields, type Principal } from '@cadence/core';
import {
  campaignCommentCreateSchema,
  campaignCommentSchema,
  campaignCommentUpdateSchema,
  commentPersonSchema,
  listQuerySchema,
  mentionableQuerySchema,
  watchStateSchema,
  watchUpdateSchema,
} from '@cadence/core/schemas';
import { z } from 'zod';
import { getRow } from '../../data/crud';
import { campaignComments, type CampaignCommentRaw } from '../../data/resources/campaign-comments';
import { campaigns } from '../../data/resources/campaigns';
import { forbidden, notFound } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { onCommentSaved } from '../../watching/hooks';
import { checkMentions } from '../../watching/mentions';
import { markWatching, setWatching, watchStateOf } from '../../watching/watchers';
import { standardRoutes } from '../standard-routes';
import { assigneesOf } from '../tasks/assignees';

// A campaign's comments with @mentions, and watching it (docs/adr/0059).

const TAG = 'Campaign comments';

const accessOf = (c: CampaignAccessFields): CampaignAccessFields => ({ scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, created_by: c.created_by });

/** May `p` write comments on (and watch) this campaign: a person, or a full key acting for one, who reads it. */
const mayComment = (p: Principal, campaign: CampaignAccessFields) => can(p, 'create', 'campaign_comment', { created_by: p.userId, campaign });

/** The people newly mentioned by the comment a request saved, handed from its transaction to the hook after commit. */
const MENTIONED = Symbol('newly mentioned');
type Stash = { [MENTIONED]?: string[] };

export function campaignCommentRoutes(s: Services, t: RouteTable): void {
  const saved = async (row: unknown, { auth, ctx }: { auth: { principal: Principal }; ctx: { state: unknown } }) => {
    const c = row as { id: string; campaign_id: string; body: string };
    const mentioned = (ctx.state as unknown as Stash)[MENTIONED];
    // An edit that changed nothing saved nothing.
    if (mentioned === undefined) return;
    await onCommentSaved(s, { campaignId: c.campaign_id, commentId: c.id, actorId: auth.principal.userId, mentioned, body: c.body });
  };

  t.add({
    method: 'get',
    path: '/api/campaigns/:id/mentionable',
    tag: TAG,
    summary:
      "Who a comment on the campaign may mention: the users who may read it, by e-mail, those whose e-mail contains q (ignoring case); " +
      'at most limit (20 unless said). For whoever may comment on it',
    access: 'user',
    query: mentionableQuerySchema,
    response: z.array(commentPersonSchema),
    handler: async ({ params, auth, query }) => {
      const campaign = await getRow(s, campaigns, auth.principal, params.id!);
      if (!mayComment(auth.principal, campaign)) throw forbidden('You may not comment on this campaign');
      const q = query.q?.toLowerCase() ?? '';
      const people = (await assigneesOf(s.db, accessOf(campaign))).filter((u) => u.email.toLowerCase().includes(q));
      return people.slice(0, query.limit ?? 20);
    },
  });

  t.add({
    method: 'get',
    path: '/api/campaigns/:id/watch',
    tag: TAG,
    summary:
      'Whether the caller (a key: its owner) watches the campaign and why (owner or creator, assignee, reviewer, mentioned, explicit), ' +
      'and how many people who may read it watch it',
    access: 'user',
    response: watchStateSchema,
    handler: async ({ params, auth }) => {
      const campaign = await getRow(s, campaigns, auth.principal, params.id!);
      if (!can(auth.principal, 'read', 'campaign_comment', { created_by: null, campaign })) throw forbidden('You may not see who watches this campaign');
      return watchStateOf(s.db, params.id!, auth.principal.userId);
    },
  });

  t.add({
    method: 'put',
    path: '/api/campaigns/:id/watch',
    tag: TAG,
    summary: 'Watch or unwatch the campaign: an explicit choice that overrides being its owner, an assignee, a reviewer or mentioned',
    access: 'user',
    body: watchUpdateSchema,
    response: watchStateSchema,
    handler: async ({ params, auth, body }) => {
      const campaign = await getRow(s, campaigns, auth.principal, params.id!);
      if (!mayComment(auth.principal, campaign)) throw forbidden('You may not watch this campaign');
      await setWatching(s.db, params.id!, auth.principal.userId, body.watching);
      return watchStateOf(s.db, params.id!, auth.principal.userId);
    },
  });

  standardRoutes(s, t, {
    base: '/api/campaign-comments',
    tag: TAG,
    noun: 'comment',
    resource: campaignComments,
    row: campaignCommentSchema,
    parent: { path: '/api/campaigns/:id/comments', resource: campaigns, column: 'campaign_id', list: { summary: "A campaign's comments, oldest first" } },
    list: {
      summary: "A campaign's comments, oldest first",
      query: listQuerySchema,
      orderBy: [{ column: 'campaign_comments.created_at' }, { column: 'campaign_comments.id' }],
      parentOnly: true,
    },
    create: {
      summary:
        'Comment on a campaign (whoever may read it, in person or with a full key): Markdown-light text, 1–5,000 characters, ' +
        'mentions as @[label](user:<id>); a mention of someone who may not read the campaign is refused (400 on body). ' +
        'The author and the mentioned then watch the campaign',
      body: campaignCommentCreateSchema,
      values: (body, { auth }, parent) => ({
        body: body.body,
        mention_ids: mentionedIds(body.body),
        created_by: auth.principal.userId,
        campaign: accessOf(parent as unknown as CampaignAccessFields),
      }),
      stored: ({ campaign: _campaign, ...row }) => row,
      refusal: 'You may not comment on this campaign',
      prepare: async (row, { ctx }, trx) => {
        // Under the campaign's lock, as a task's write takes it: its delete waits for the comment, not the other way round.
        const locked = await trx.raw('SELECT scope, primary_channel, channels, created_by FROM campaigns WHERE id = ? FOR NO KEY UPDATE', [String(row.campaign_id)]);
        const campaign = (locked.rows ?? locked)[0] as CampaignAccessFields | undefined;
        if (!campaign) throw notFound('Campaign');
        const ids = row.mention_ids as string[];
        await checkMentions(trx, ids, campaign);
        await markWatching(trx, String(row.campaign_id), [String(row.created_by), ...ids]);
        (ctx.state as unknown as Stash)[MENTIONED] = ids;
        return row;
      },
      afterCommit: saved,
    },
    update: {
      summary: 'Edit a comment (its author or an administrator); only the people the edit adds are mentioned anew. If-Match guards against lost updates',
      body: campaignCommentUpdateSchema,
      patch: async ({ body }, before: CampaignCommentRaw, { ctx }, trx) => {
        if (body === before.body) return {};
        const ids = mentionedIds(body);
        const added = newlyMentioned(campaignComments.present(before).mention_ids, ids);
        await checkMentions(trx, added, accessOf(before.campaign));
        await markWatching(trx, before.campaign_id, added);
        (ctx.state as unknown as Stash)[MENTIONED] = added;
        return { body, mention_ids: ids, edited_at: trx.fn.now() };
      },
      afterCommit: saved,
    },
    remove: { summary: 'Delete a comment (its author or an administrator); its history entry can restore it' },
  });
}
