import * as z from 'zod';
import { AD_STATUSES, MESSAGES } from '../constants';
import { entityMeta, idSchema, optionalText, requiredTitle, textList, ymdSchema } from './common';

const required = MESSAGES.requiredFields;
const urlText = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { error: 'Must be a URL (http:// or https://)' })
  .nullable()
  .transform((s) => (s === '' ? null : s));

// Publications ---------------------------------------------------------------
const publicationFields = {
  name: requiredTitle(MESSAGES.publicationNameRequired),
  category: optionalText(300).optional(),
  description: optionalText().optional(),
  target_audience: optionalText(300).optional(),
  region: optionalText(300).optional(),
  industry_tags: textList().optional(),
  notes: optionalText().optional(),
};
export const publicationCreateSchema = z.strictObject(publicationFields);
export type PublicationCreate = z.input<typeof publicationCreateSchema>;
export const publicationUpdateSchema = publicationCreateSchema.partial();
export type PublicationUpdate = z.input<typeof publicationUpdateSchema>;
export const publicationSchema = z.object({
  ...entityMeta,
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  target_audience: z.string().nullable(),
  region: z.string().nullable(),
  industry_tags: z.array(z.string()),
  notes: z.string().nullable(),
  created_by: idSchema.nullable(),
});
export type Publication = z.infer<typeof publicationSchema>;

// Ad types -------------------------------------------------------------------
const costSchema = z
  .number({ error: 'Cost must be a number' })
  .min(0, { error: 'Cost cannot be negative' })
  .max(1_000_000_000)
  .transform((n) => Math.round(n * 100) / 100)
  .nullable();
export const adTypeCreateSchema = z.strictObject({
  ad_type: requiredTitle(MESSAGES.adTypeNameRequired),
  specifications: optionalText().optional(),
  cost: costSchema.optional(),
  copy_needs: optionalText().optional(),
  image_needs: optionalText().optional(),
  where_shows: optionalText().optional(),
  example_image_url: optionalText(2000).optional(),
});
export type AdTypeCreate = z.input<typeof adTypeCreateSchema>;
export const adTypeUpdateSchema = adTypeCreateSchema.partial();
export type AdTypeUpdate = z.input<typeof adTypeUpdateSchema>;
export const adTypeSchema = z.object({
  ...entityMeta,
  publication_id: idSchema,
  ad_type: z.string(),
  specifications: z.string().nullable(),
  cost: z.number().nullable(),
  copy_needs: z.string().nullable(),
  image_needs: z.string().nullable(),
  where_shows: z.string().nullable(),
  example_image_url: z.string().nullable(),
});
export type AdType = z.infer<typeof adTypeSchema>;

// Ads ------------------------------------------------------------------------
const adFields = {
  publication_id: idSchema,
  ad_type_id: idSchema,
  due_date: ymdSchema,
  live_date: ymdSchema,
  status: z.enum(AD_STATUSES),
  content: optionalText(),
  notes: optionalText(),
  copy_images_link: urlText,
  region: optionalText(300),
  audience: optionalText(300),
  industry: optionalText(300),
};
export const adCreateSchema = z.strictObject({
  publication_id: z.uuid({ error: required }),
  ad_type_id: z.uuid({ error: required }),
  due_date: z.string({ error: required }).pipe(ymdSchema),
  live_date: z.string({ error: required }).pipe(ymdSchema),
  status: adFields.status.default('new'),
  content: adFields.content.optional(),
  notes: adFields.notes.optional(),
  copy_images_link: adFields.copy_images_link.optional(),
  region: adFields.region.optional(),
  audience: adFields.audience.optional(),
  industry: adFields.industry.optional(),
});
export type AdCreate = z.input<typeof adCreateSchema>;
export const adUpdateSchema = z.strictObject(adFields).partial();
export type AdUpdate = z.input<typeof adUpdateSchema>;
export const adSchema = z.object({
  ...entityMeta,
  publication_id: idSchema,
  /** Null once its ad type has been deleted (docs/adr/0006). */
  ad_type_id: idSchema.nullable(),
  due_date: ymdSchema,
  live_date: ymdSchema,
  status: z.enum(AD_STATUSES),
  content: z.string().nullable(),
  notes: z.string().nullable(),
  copy_images_link: z.string().nullable(),
  region: z.string().nullable(),
  audience: z.string().nullable(),
  industry: z.string().nullable(),
  created_by: idSchema.nullable(),
  // Joined for display.
  publication_name: z.string(),
  ad_type: z.string().nullable(),
  copy_needs: z.string().nullable(),
  image_needs: z.string().nullable(),
  where_shows: z.string().nullable(),
  example_image_url: z.string().nullable(),
});
export type Ad = z.infer<typeof adSchema>;

// Prospective publications ---------------------------------------------------
export const prospectiveCreateSchema = z.strictObject({
  name: requiredTitle(MESSAGES.publicationNameRequired),
  region: optionalText(300).optional(),
  industry: optionalText(300).optional(),
  audience: optionalText(300).optional(),
  website: optionalText(2000).optional(),
  media_kit_link: optionalText(2000).optional(),
  contacts: optionalText().optional(),
  notes: optionalText().optional(),
});
export type ProspectiveCreate = z.input<typeof prospectiveCreateSchema>;
/** POST takes one row or `{rows: […]}` (the bulk insert of docs/product.md#calls). */
export const prospectiveBulkSchema = z.strictObject({
  rows: z.array(prospectiveCreateSchema).min(1, { error: MESSAGES.csvNoValidRows }).max(10_000),
});
export const prospectiveUpdateSchema = prospectiveCreateSchema.partial();
export type ProspectiveUpdate = z.input<typeof prospectiveUpdateSchema>;
export const prospectiveSchema = z.object({
  ...entityMeta,
  name: z.string(),
  region: z.string().nullable(),
  industry: z.string().nullable(),
  audience: z.string().nullable(),
  website: z.string().nullable(),
  media_kit_link: z.string().nullable(),
  contacts: z.string().nullable(),
  notes: z.string().nullable(),
  created_by: idSchema.nullable(),
});
export type ProspectivePublication = z.infer<typeof prospectiveSchema>;
/**
 * The answer of every import (prospective publications, campaigns, events), by line of the file:
 * the rows read, how many were saved (or would be, in a dry run), and the lines left out with why.
 * A file with a line that cannot be saved is refused whole (400, every problem by line).
 */
export const importReportSchema = z.object({
  rows: z.number().int(),
  imported: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;
/** The same report: the name the CLI and scripts know it by. */
export type BulkReport = ImportReport;

// Sponsored articles ---------------------------------------------------------
const articleFields = {
  title: requiredTitle(required),
  publication_name: optionalText(300),
  status: z.enum(AD_STATUSES),
  due_date: ymdSchema,
  live_date: ymdSchema,
  website_examples: optionalText(),
  copy_needs: optionalText(),
  website_focus_notes: optionalText(),
  image_needs: optionalText(),
  objective: optionalText(),
};
export const articleCreateSchema = z.strictObject({
  ...articleFields,
  publication_name: articleFields.publication_name.optional(),
  status: articleFields.status.default('new'),
  due_date: z.string({ error: required }).pipe(ymdSchema),
  live_date: z.string({ error: required }).pipe(ymdSchema),
  website_examples: articleFields.website_examples.optional(),
  copy_needs: articleFields.copy_needs.optional(),
  website_focus_notes: articleFields.website_focus_notes.optional(),
  image_needs: articleFields.image_needs.optional(),
  objective: articleFields.objective.optional(),
});
export type ArticleCreate = z.input<typeof articleCreateSchema>;
export const articleUpdateSchema = z.strictObject(articleFields).partial();
export type ArticleUpdate = z.input<typeof articleUpdateSchema>;
export const articleSchema = z.object({
  ...entityMeta,
  title: z.string(),
  publication_name: z.string().nullable(),
  status: z.enum(AD_STATUSES),
  due_date: ymdSchema,
  live_date: ymdSchema,
  website_examples: z.string().nullable(),
  copy_needs: z.string().nullable(),
  website_focus_notes: z.string().nullable(),
  image_needs: z.string().nullable(),
  objective: z.string().nullable(),
  created_by: idSchema.nullable(),
});
export type Article = z.infer<typeof articleSchema>;
