import * as z from 'zod';
import { LIMITS } from '../constants';
import { entityMeta, idSchema } from './common';
import { taskAssigneeSchema, taskCampaignSchema } from './tasks';

// A campaign's comments, @mentions and watchers (docs/adr/0059-campaign-comments-and-watching.md).

const bodyField = z
  .string({ error: 'Comment is required' })
  .trim()
  .min(1, { error: 'Comment is required' })
  .max(LIMITS.campaignCommentMaxLength, { error: `Must be at most ${LIMITS.campaignCommentMaxLength} characters` });

/**
 * A new comment. `body` is Markdown-light (bold, italic, links, line breaks) with mentions as
 * `@[label](user:<id>)` tokens (core's `mentionToken`); everyone it mentions must be able to read the campaign.
 */
export const campaignCommentCreateSchema = z.strictObject({ body: bodyField });
export type CampaignCommentCreate = z.input<typeof campaignCommentCreateSchema>;

/** An edit: the new text (its author or an administrator). */
export const campaignCommentUpdateSchema = z.strictObject({ body: bodyField });
export type CampaignCommentUpdate = z.input<typeof campaignCommentUpdateSchema>;

/** A person as a comment names them: id and e-mail as it is now. */
export const commentPersonSchema = taskAssigneeSchema;
export type CommentPerson = z.infer<typeof commentPersonSchema>;

export const campaignCommentSchema = z.object({
  ...entityMeta,
  campaign_id: idSchema,
  body: z.string(),
  /** Its author; null once that user is deleted. */
  created_by: idSchema.nullable(),
  /** The author's e-mail as it is now; null once the user is deleted. */
  author_email: z.string().nullable(),
  /** When its text was last edited; null: never. */
  edited_at: z.string().nullable(),
  /** The ids its text's mention tokens name, in order (kept by the server from `body`). */
  mention_ids: z.array(idSchema),
  /** The people its text mentions, in order, with their e-mails as they are now (deleted users left out). */
  mentions: z.array(commentPersonSchema),
  campaign: taskCampaignSchema,
});
export type CampaignComment = z.infer<typeof campaignCommentSchema>;

/** `GET /api/campaigns/:id/mentionable`: the people who may read the campaign whose e-mail contains `q`. */
export const mentionableQuerySchema = z.strictObject({
  /** Text in the e-mail, ignoring case (≤ 200 characters, trimmed; blank: everyone). */
  q: z.string().trim().max(200, { error: 'At most 200 characters' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type MentionableQuery = z.input<typeof mentionableQuerySchema>;

export const WATCH_REASONS = ['owner', 'assignee', 'reviewer', 'mentioned', 'explicit'] as const;
export type WatchReason = (typeof WATCH_REASONS)[number];

/** `GET /api/campaigns/:id/watch`: whether the caller watches the campaign, why, and how many do. */
export const watchStateSchema = z.object({
  watching: z.boolean(),
  /** Why the caller watches it: the first that holds of owner (or creator), assignee, reviewer, mentioned, else explicit; null when not watching. */
  reason: z.enum(WATCH_REASONS).nullable(),
  /** How many people watch it and may read it. */
  count: z.number().int(),
});
export type WatchState = z.infer<typeof watchStateSchema>;

/** `PUT /api/campaigns/:id/watch`: watch or unwatch (an explicit choice that overrides the implicit ones). */
export const watchUpdateSchema = z.strictObject({ watching: z.boolean({ error: 'Must be true or false' }) });
export type WatchUpdate = z.input<typeof watchUpdateSchema>;
