import * as z from 'zod';
import { SHARE_LINK_DEFAULT_FIELDS, SHARE_LINK_FIELDS, type ShareLinkField } from '../rules/share-links';
import { idSchema, ymdSchema } from './common';
import { savedViewDashboardSchema } from './saved-view';

// Stakeholder links (docs/adr/0061): a saved view shown read-only to people without an account.

export const shareLinkFieldSchema = z.enum(SHARE_LINK_FIELDS as [ShareLinkField, ...ShareLinkField[]], {
  error: `Must be one of: ${SHARE_LINK_FIELDS.join(', ')}`,
});

const fields = z
  .array(shareLinkFieldSchema, { error: 'Must be a list' })
  .max(SHARE_LINK_FIELDS.length)
  .transform((f) => [...new Set(f)]);

/** A password a stakeholder types: what sign-in accepts. */
const password = z.string({ error: 'Must be text' }).min(4, { error: 'Must be at least 4 characters' }).max(200, { error: 'Must be at most 200 characters' });

export const shareLinkCreateSchema = z.strictObject({
  /** The last day the link opens (YYYY-MM-DD); not in the past. */
  expires_on: ymdSchema,
  /** Asked before the view shows; left out or null: none. */
  password: password.nullable().optional(),
  /** The optional fields shown; left out: description, channel details, task progress and approval state (briefs and owners hidden). */
  fields: fields.default([...SHARE_LINK_DEFAULT_FIELDS]),
});
export type ShareLinkCreate = z.input<typeof shareLinkCreateSchema>;

export const shareLinkUpdateSchema = z.strictObject({
  expires_on: ymdSchema.optional(),
  /** A new password, or null to open without one. */
  password: password.nullable().optional(),
  fields: fields.optional(),
});
export type ShareLinkUpdate = z.input<typeof shareLinkUpdateSchema>;

export const shareLinkSchema = z.object({
  id: idSchema,
  view_id: idSchema,
  view_name: z.string(),
  created_by: idSchema,
  /** The sharer's e-mail, for the lists of links. */
  created_by_email: z.string(),
  expires_on: ymdSchema,
  has_password: z.boolean(),
  fields: z.array(shareLinkFieldSchema),
  visits: z.number().int(),
  last_visited_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  /** Past its expiry date (the server's calendar date): it opens no more. */
  expired: z.boolean(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** A new link: its secret, shown once, and the page that opens it. */
export const shareLinkCreatedSchema = shareLinkSchema.extend({ token: z.string(), path: z.string() });
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;

export const shareLinkListQuerySchema = z.strictObject({
  /** Include revoked and expired links (default: only those that still open). */
  all: z.enum(['0', '1', 'true', 'false']).optional(),
});

export const shareLinkOpenSchema = z.strictObject({
  password: z.string({ error: 'Must be text' }).max(200, { error: 'Must be at most 200 characters' }).optional(),
  /** An open page renewing its credential before it ends: not a new visit. */
  renew: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type ShareLinkOpen = z.input<typeof shareLinkOpenSchema>;

/**
 * An opened link: a short-lived bearer credential that reads through the ordinary routes what the
 * view shows (campaigns alone, read-only, the unticked fields emptied), and what the page needs.
 */
export const shareLinkOpenedSchema = z.object({
  credential: z.string(),
  /** When the credential stops (Unix seconds); open the link again for a new one. */
  credential_expires_at: z.number().int(),
  view: z.object({ name: z.string(), dashboard: savedViewDashboardSchema, query: z.string() }),
  fields: z.array(shareLinkFieldSchema),
  expires_on: ymdSchema,
  shared_by: z.string(),
});
export type ShareLinkOpened = z.infer<typeof shareLinkOpenedSchema>;
