import * as z from 'zod';
import { LIMITS } from '../constants';
import { entityMeta, idSchema, optionalText, requiredTitle } from './common';

export const ideaCreateSchema = z.strictObject({
  title: requiredTitle('Idea title is required'),
  description: optionalText().optional(),
});
export type IdeaCreate = z.input<typeof ideaCreateSchema>;
export const ideaUpdateSchema = ideaCreateSchema.partial();
export type IdeaUpdate = z.input<typeof ideaUpdateSchema>;

export const ideaSchema = z.object({
  ...entityMeta,
  title: z.string(),
  description: z.string().nullable(),
  created_by: idSchema.nullable(),
});
export type Idea = z.infer<typeof ideaSchema>;

export const commentCreateSchema = z.strictObject({
  comment: requiredTitle('Comment is required', LIMITS.textMaxLength),
});
export type CommentCreate = z.input<typeof commentCreateSchema>;

export const commentSchema = z.object({
  ...entityMeta,
  idea_id: idSchema,
  comment: z.string(),
  created_by: idSchema.nullable(),
});
export type IdeaComment = z.infer<typeof commentSchema>;
