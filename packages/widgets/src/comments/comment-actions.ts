import { can, type CampaignComment, type Principal, type QueryKey, type WatchState } from '@cadence/core';
import { useMemo } from 'react';
import { COMMENT_TOASTS } from '../messages';
import { useCadence, type CadenceContextValue } from '../provider/context';
import { createWriter } from '../provider/write';

// A campaign's comments, written through the one writer (provider/write.ts): optimistic in the
// thread, rolled back with a toast on failure. A delete's Undo restores the same comment (its id,
// its place, its author) from its history entry rather than posting a copy (docs/adr/0059).

export const commentsKey = (campaign: string): QueryKey<'campaignComments'> => ['campaignComments', { campaign }];
export const watchKey = (campaign: string): QueryKey<'campaignWatch'> => ['campaignWatch', { campaign }];

const judged = (k: CampaignComment) => ({
  created_by: k.created_by,
  campaign: { scope: k.campaign.scope, primary_channel: k.campaign.primary_channel, channels: k.campaign.channels, created_by: k.campaign.created_by },
});
/** Whether the user may edit and delete the comment: its author, or an administrator. */
export const mayEditComment = (p: Principal, k: CampaignComment): boolean => can(p, 'update', 'campaign_comment', judged(k));

const invalidate = ['campaignComments', 'campaignWatch', 'history'] as const;

export interface CommentActions {
  create(campaignId: string, body: string, placeholder: CampaignComment): Promise<CampaignComment>;
  update(k: CampaignComment, body: string): Promise<CampaignComment>;
  /** Deletes it; the toast's Undo brings it back from its history. */
  remove(k: CampaignComment): Promise<void>;
  setWatching(campaignId: string, watching: boolean, before: WatchState | undefined): Promise<WatchState>;
}

function actions(ctx: CadenceContextValue): CommentActions {
  const write = createWriter(ctx);
  const restore = (k: CampaignComment) =>
    write({
      call: async (client) => {
        const { entries } = await client.history.forRow('campaign-comments', k.id, { limit: 1 });
        const gone = entries[0];
        if (!gone || gone.action !== 'delete') throw new Error('No delete to undo');
        return client.history.revert(gone.id);
      },
      success: COMMENT_TOASTS.restored,
      failure: COMMENT_TOASTS.restoreError,
      invalidate,
    });
  return {
    create: (campaignId, body, placeholder) =>
      write({
        call: (client) => client.campaignComments.create(campaignId, { body }),
        optimistic: {
          keys: commentsKey(campaignId),
          apply: (list: CampaignComment[] | undefined) => (list ? [...list, placeholder] : list),
          withRow: (row) => (list: CampaignComment[] | undefined) => list?.map((k) => (k.id === placeholder.id ? (row as CampaignComment) : k)),
        },
        // The composer shows a refusal (a mention of someone who cannot read the campaign) itself.
        failure: () => null,
        invalidate,
      }),
    update: (k, body) =>
      write({
        call: (client) => client.campaignComments.update(k.id, { body }, { version: k.version }),
        optimistic: { keys: commentsKey(k.campaign_id), apply: (list: CampaignComment[] | undefined) => list?.map((x) => (x.id === k.id ? { ...x, body } : x)) },
        success: COMMENT_TOASTS.updated,
        failure: () => null,
        invalidate,
      }),
    remove: async (k) => {
      await write({
        call: (client) => client.campaignComments.remove(k.id, { version: k.version }),
        optimistic: { keys: commentsKey(k.campaign_id), apply: (list: CampaignComment[] | undefined) => list?.filter((x) => x.id !== k.id) },
        success: {
          title: 'Comment deleted',
          action: { label: 'Undo', onSelect: () => void restore(k).catch(() => undefined) },
        },
        failure: COMMENT_TOASTS.deleteError,
        invalidate,
      });
    },
    setWatching: (campaignId, watching, before) =>
      write({
        call: (client) => client.campaignComments.setWatching(campaignId, watching),
        optimistic: {
          keys: watchKey(campaignId),
          apply: (s: WatchState | undefined) =>
            s && before ? { watching, reason: watching ? 'explicit' : null, count: Math.max(0, before.count + (watching === before.watching ? 0 : watching ? 1 : -1)) } : s,
          withRow: () => (s: WatchState | undefined) => s,
        },
        settle: (store, state) => store.update<WatchState>(watchKey(campaignId), () => state),
        failure: COMMENT_TOASTS.watchError,
        invalidate: [],
      }),
  };
}

/** Post, edit and delete comments and watch campaigns, optimistic, with toasts. */
export function useCommentActions(): CommentActions {
  const ctx = useCadence();
  return useMemo(() => actions(ctx), [ctx]);
}
