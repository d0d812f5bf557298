import type { Services } from '../services';

/** A comment saved (created or edited) and committed, with the people it newly mentions (docs/adr/0059). */
export interface CommentSaved {
  campaignId: string;
  commentId: string;
  /** Who wrote it (an access key's owner for a key). */
  actorId: string;
  /** The users this save mentions for the first time (an edit: only the ones it adds), who may all read the campaign. */
  mentioned: string[];
}

/**
 * Called after a comment's write has committed. Does nothing yet: the inbox ("mentioned") and
 * e-mail are wired here at merge. Long work belongs in a background task (jobs/background.ts).
 */
export async function onCommentSaved(_s: Services, _saved: CommentSaved): Promise<void> {}
