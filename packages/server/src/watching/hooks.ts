import { mentionsAsText } from '@cadence/core';
import { notifyMentioned } from '../notifications/producers';
import type { Services } from '../services';

/** A comment saved (created or edited) and committed, with the people it newly mentions (docs/adr/0059). */
export interface CommentSaved {
  campaignId: string;
  commentId: string;
  /** Who wrote it (an access key's owner for a key). */
  actorId: string;
  /** The users this save mentions for the first time (an edit: only the ones it adds), who may all read the campaign. */
  mentioned: string[];
  /** The comment's text, mention tokens included. */
  body: string;
}

/**
 * Called after a comment's write has committed: whoever it newly mentions gets a "mentioned" item
 * in their inbox, and mail as their preferences say (docs/adr/0060). The mail leaves from a
 * background task, so the request never waits for it.
 */
export async function onCommentSaved(s: Services, saved: CommentSaved): Promise<void> {
  if (!saved.mentioned.length) return;
  await notifyMentioned(s, { campaignId: saved.campaignId, commentId: saved.commentId, actorId: saved.actorId || null, mentioned: saved.mentioned, excerpt: mentionsAsText(saved.body) });
}
