import * as z from 'zod';
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX } from '../rules/saved-view-link';
import { channelSchema, idSchema } from './common';

export { SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX, savedViewHref } from '../rules/saved-view-link';

/**
 * Saved views (docs/adr/0032): a name and a dashboard link's query string (the view of
 * docs/adr/0029), kept for the user who saved it or shared with the team. `dashboard` is the page
 * the query belongs to: the Global Calendar (`global`, path `/`) or one channel's dashboard
 * (path `/channel/<channel>`). The server checks the query with `parseDashboardView` and refuses
 * (400, field `query`) one that has a parameter the page would drop, so a saved view always
 * reopens as saved.
 */

const viewName = z
  .string({ error: 'Must be text' })
  .trim()
  .min(1, { error: 'View name is required' })
  .max(SAVED_VIEW_NAME_MAX, { error: `Must be at most ${SAVED_VIEW_NAME_MAX} characters` });

/** The query string without its `?`; `''` is the dashboard's default view. */
const viewQuery = z
  .string({ error: 'Must be text' })
  .trim()
  .max(SAVED_VIEW_QUERY_MAX, { error: `Must be at most ${SAVED_VIEW_QUERY_MAX} characters` })
  .transform((s) => s.replace(/^\?/, ''));

export const savedViewDashboardSchema = z.union([z.literal('global'), channelSchema], {
  error: 'Must be global or a channel',
});
export type SavedViewDashboard = z.infer<typeof savedViewDashboardSchema>;

const savedViewFields = {
  name: viewName,
  dashboard: savedViewDashboardSchema,
  query: viewQuery,
  /** Shared with everyone who may read the dashboard; only admins and users with create rights may share. */
  shared: z.boolean({ error: 'Must be true or false' }),
};

export const savedViewCreateSchema = z.strictObject({
  ...savedViewFields,
  dashboard: savedViewFields.dashboard.default('global'),
  shared: savedViewFields.shared.default(false),
});
export type SavedViewCreate = z.input<typeof savedViewCreateSchema>;

// Built from the fields without their defaults: a PATCH of the name alone must not reset the
// dashboard or the sharing.
export const savedViewUpdateSchema = z.strictObject(savedViewFields).partial();
export type SavedViewUpdate = z.input<typeof savedViewUpdateSchema>;

export const savedViewSchema = z.object({
  id: idSchema,
  name: z.string(),
  dashboard: savedViewDashboardSchema,
  query: z.string(),
  shared: z.boolean(),
  /** The saver; null once that user is deleted (their shared views stay, docs/adr/0032). */
  created_by: idSchema.nullable(),
  /** The saver's e-mail, for "Shared by …" in the side bar; null once the user is deleted. */
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** `GET /api/views/counts`: how many campaigns each visible view shows, for what the caller may read. */
export const savedViewCountsSchema = z.object({
  counts: z.record(z.string(), z.number().int()),
  /** The snapshot the counts were read in, so realtime changes move them in place (docs/adr/0034). */
  as_of: z.string().optional(),
});
export type SavedViewCounts = z.infer<typeof savedViewCountsSchema>;
