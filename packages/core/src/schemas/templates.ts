import * as z from 'zod';
import { LIMITS } from '../constants';
import { TEMPLATE_ANCHORS, templateIssues, type PlaceableTemplate } from '../rules/templates';
import { campaignSchema, campaignUpdateSchema } from './campaign';
import { entityMeta, idSchema, optionalText, requiredTitle, ymdSchema } from './common';

// Campaign templates back-timed from go-live (docs/adr/0054-campaign-templates.md): what the server
// validates requests with and describes in its OpenAPI document, and the JSON the CLI exports and imports.

/** The most working days a template reaches from its anchor: a year of them. */
export const TEMPLATE_MAX_OFFSET = 260;
export const TEMPLATE_MAX_TASKS = 200;
export const TEMPLATE_MAX_ROLES = 30;
/** How many campaigns one apply creates at most (the CLI's file): all or none. */
export const TEMPLATE_APPLY_MAX = 1000;

const offsetSchema = z
  .number({ error: 'Must be a whole number of working days' })
  .int({ error: 'Must be a whole number of working days' })
  .min(-TEMPLATE_MAX_OFFSET, { error: `Must be at least -${TEMPLATE_MAX_OFFSET}` })
  .max(TEMPLATE_MAX_OFFSET, { error: `Must be at most ${TEMPLATE_MAX_OFFSET}` });

export const templateRoleSchema = requiredTitle('Role name is required', 60);

/** The campaign fields a template fills in: channels, priority, scope, channel settings and brief sections. */
export const templateDefaultsSchema = campaignUpdateSchema.pick({
  description: true,
  channels: true,
  priority: true,
  scope: true,
  primary_channel: true,
  channel_config: true,
  summary: true,
  goals: true,
  audiences: true,
  kpis: true,
  deliverables: true,
});
export type TemplateDefaults = z.output<typeof templateDefaultsSchema>;

export const templateTaskSchema = z.strictObject({
  title: requiredTitle('Task title is required', LIMITS.taskTitleMaxLength),
  /** Working days after the anchor (negative: before); null: no due date. */
  offset: offsetSchema.nullable(),
  anchor: z.enum(TEMPLATE_ANCHORS, { error: `Must be one of: ${TEMPLATE_ANCHORS.join(', ')}` }).default('live'),
  /** A named user who does it… */
  assignee_id: idSchema.nullable().default(null),
  /** …or one of the template's roles, filled when a campaign is created. */
  role: templateRoleSchema.nullable().default(null),
  required: z.boolean({ error: 'Must be true or false' }).default(false),
  note: optionalText(LIMITS.taskNoteMaxLength).default(null),
});
export type TemplateTaskInput = z.input<typeof templateTaskSchema>;

const templateFields = {
  name: requiredTitle('Template name is required', 120),
  description: optionalText(2000),
  defaults: templateDefaultsSchema,
  /** The planning start, in working days before go-live. */
  planning_offset: offsetSchema.min(0, { error: 'Must be 0 or more working days before go-live' }),
  roles: z.array(templateRoleSchema).max(TEMPLATE_MAX_ROLES, { error: `At most ${TEMPLATE_MAX_ROLES} roles` }),
  tasks: z.array(templateTaskSchema).max(TEMPLATE_MAX_TASKS, { error: `At most ${TEMPLATE_MAX_TASKS} tasks` }),
};

/** Issues of a whole template (roles, offsets before the planning start), each on its field. */
function refineTemplate(t: PlaceableTemplate, ctx: z.RefinementCtx): void {
  for (const issue of templateIssues(t)) ctx.addIssue({ code: 'custom', path: issue.field.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), message: issue.message });
}

/** A new template, and the JSON `cadence templates import` reads (what `export` writes). */
export const templateCreateSchema = z
  .strictObject({
    ...templateFields,
    description: templateFields.description.optional(),
    defaults: templateFields.defaults.default({}),
    planning_offset: templateFields.planning_offset.default(10),
    roles: templateFields.roles.default([]),
    tasks: templateFields.tasks.default([]),
  })
  .superRefine(refineTemplate);
export type TemplateCreate = z.input<typeof templateCreateSchema>;

/** Only the fields that change; the template as it then is must still hold together (checked by the server). */
export const templateUpdateSchema = z.strictObject(templateFields).partial();
export type TemplateUpdate = z.input<typeof templateUpdateSchema>;

export const templateSchema = z.object({
  ...entityMeta,
  name: z.string(),
  description: z.string().nullable(),
  defaults: templateDefaultsSchema,
  planning_offset: z.number().int(),
  roles: z.array(z.string()),
  tasks: z.array(templateTaskSchema),
  created_by: idSchema.nullable(),
});
export type CampaignTemplate = z.infer<typeof templateSchema>;
export type TemplateTask = CampaignTemplate['tasks'][number];

/** One campaign made from a template: its title, go-live and the person for each role. */
export const templateCampaignSchema = z.strictObject({
  title: requiredTitle('Campaign title is required'),
  live_date: ymdSchema,
  /** Role name → the user who fills it (someone who may read the new campaign). */
  roles: z.record(z.string(), idSchema).default({}),
  /** The campaign's owner as a user; null or left out: none. */
  owner_id: idSchema.nullable().optional(),
});
export type TemplateCampaign = z.input<typeof templateCampaignSchema>;

/** `POST /api/templates/:id/apply`: campaigns with every task placed, all in one transaction. */
export const templateApplySchema = z.strictObject({
  campaigns: z
    .array(templateCampaignSchema, { error: 'Must be a list' })
    .min(1, { error: 'Give at least one campaign' })
    .max(TEMPLATE_APPLY_MAX, { error: `At most ${TEMPLATE_APPLY_MAX} campaigns at once` }),
});
export type TemplateApply = z.input<typeof templateApplySchema>;

export const templateApplyResultSchema = z.object({ campaigns: z.array(campaignSchema), tasks: z.number().int() });
export type TemplateApplyResult = z.infer<typeof templateApplyResultSchema>;

/** "Save as template": a campaign's fields and tasks as a new template; `roles` turns assignees (user id → role name) into roles. */
export const templateFromCampaignSchema = z.strictObject({
  campaign_id: idSchema,
  name: templateFields.name,
  description: templateFields.description.optional(),
  roles: z.record(idSchema, templateRoleSchema).default({}),
});
export type TemplateFromCampaign = z.input<typeof templateFromCampaignSchema>;
