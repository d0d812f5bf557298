import * as z from 'zod';
import { CAMPAIGN_STATUSES, PRIORITIES, SCOPES } from '../constants';
import { decodeListCursor } from '../rules/list-cursor';
import { PRIMARY_CHANNEL_MESSAGE, lacksPrimaryChannel } from '../rules/scope';
import {
  CAMPAIGN_BOUNDS as B,
  CAMPAIGN_EVENT_TYPES,
  CONTENT_FORMATS,
  EMAIL_TYPES,
  POST_FREQUENCIES,
  SOCIAL_CONTENT_TYPES,
  SOCIAL_PLATFORMS,
} from './campaign-limits';
import { campaignFilterShape, type WithChannels } from './campaign-filter';
import { channelSchema, entityMeta, idSchema, listQuerySchema, optionalText, requiredTitle, textList, ymdSchema } from './common';
import { taskSummarySchema } from './tasks';
import { APPROVAL_STATES } from '../rules/approvals';

// rules/campaign-checks.ts mirrors these schemas for the browser (same issues, no zod): change both.
const text = z.string().trim().max(B.configTextMaxLength);

/** Channel-specific configuration (docs/product.md#channel-config), persisted in `channel_config`, one strict block per channel. */
export const channelConfigSchema = z.strictObject({
  social: z
    .strictObject({
      content_type: z.enum(SOCIAL_CONTENT_TYPES).nullable().optional(),
      platforms: z.array(z.enum(SOCIAL_PLATFORMS)).max(SOCIAL_PLATFORMS.length).optional(),
      hashtags: textList(text).optional(),
      mention_targets: textList(text).optional(),
      post_frequency: z.enum(POST_FREQUENCIES).nullable().optional(),
    })
    .optional(),
  events: z
    .strictObject({
      venue: optionalText(B.configTextMaxLength).optional(),
      capacity: z.number().int().min(0).max(B.capacityMax).nullable().optional(),
      event_type: z.enum(CAMPAIGN_EVENT_TYPES).nullable().optional(),
      speakers: textList(text).optional(),
      registration_required: z.boolean().optional(),
    })
    .optional(),
  email: z
    .strictObject({
      email_type: z.enum(EMAIL_TYPES).nullable().optional(),
      subject: optionalText(B.configTextMaxLength).optional(),
      preheader: optionalText(B.configTextMaxLength).optional(),
      segment_criteria: textList(text).optional(),
    })
    .optional(),
  content: z
    .strictObject({
      content_format: z.enum(CONTENT_FORMATS).nullable().optional(),
      word_count: z.number().int().min(0).max(B.wordCountMax).nullable().optional(),
      seo_keywords: textList(text).optional(),
      distribution_channels: textList(text).optional(),
    })
    .optional(),
});
export type ChannelConfig = z.infer<typeof channelConfigSchema>;

const campaignFields = {
  title: requiredTitle('Campaign title is required'),
  description: optionalText(),
  channels: z.array(channelSchema).max(B.channelsMaxItems),
  status: z.enum(CAMPAIGN_STATUSES),
  planning_start_date: ymdSchema,
  live_date: ymdSchema,
  end_date: ymdSchema.nullable(),
  owner: optionalText(B.ownerMaxLength),
  /** The owner as a user of the install (null: none), beside the free-text `owner` (the dialog sets both). */
  owner_id: idSchema.nullable(),
  priority: z.enum(PRIORITIES),
  scope: z.enum(SCOPES),
  primary_channel: channelSchema.nullable(),
  channel_config: channelConfigSchema,
  // Creative brief.
  summary: optionalText(),
  goals: optionalText(),
  audiences: textList(),
  project_leader: optionalText(B.ownerMaxLength),
  project_team_members: textList(),
  kpis: textList(),
  deliverables: textList(),
  landing_page_urls: textList(z.string().trim().max(B.landingPageUrlMaxLength)),
};

export const campaignCreateSchema = z
  .strictObject({
    ...campaignFields,
    description: campaignFields.description.optional(),
    channels: campaignFields.channels.default([]),
    status: campaignFields.status.default('planning'),
    end_date: campaignFields.end_date.optional(),
    owner: campaignFields.owner.optional(),
    owner_id: campaignFields.owner_id.optional(),
    priority: campaignFields.priority.default('medium'),
    scope: campaignFields.scope.default('global'),
    primary_channel: campaignFields.primary_channel.optional(),
    channel_config: campaignFields.channel_config.default({}),
    summary: campaignFields.summary.optional(),
    goals: campaignFields.goals.optional(),
    audiences: campaignFields.audiences.default([]),
    project_leader: campaignFields.project_leader.optional(),
    project_team_members: campaignFields.project_team_members.default([]),
    kpis: campaignFields.kpis.default([]),
    deliverables: campaignFields.deliverables.default([]),
    landing_page_urls: campaignFields.landing_page_urls.default([]),
  })
  .refine((c) => !lacksPrimaryChannel(c), { path: ['primary_channel'], error: PRIMARY_CHANNEL_MESSAGE });
export type CampaignCreate = z.input<typeof campaignCreateSchema>;

/**
 * The exact due dates of some of the campaign's tasks, written with the update instead of the
 * re-plan a go-live change makes: what an Undo sends back (docs/adr/0053-replanning-on-go-live.md).
 */
const taskDueDatesSchema = z
  .record(idSchema, ymdSchema, { error: 'Must map task ids to dates (YYYY-MM-DD)' })
  .refine((m) => Object.keys(m).length <= 1_000, { error: 'At most 1000 tasks' });

/** Updates send only the changed fields. */
export const campaignUpdateSchema = z.strictObject({ ...campaignFields, task_due_dates: taskDueDatesSchema }).partial();
export type CampaignUpdate = z.input<typeof campaignUpdateSchema>;

export const campaignSchema = z.object({
  ...entityMeta,
  ...campaignFields,
  title: z.string(),
  description: z.string().nullable(),
  owner: z.string().nullable(),
  /** Absent in rows written before owners were people (fixtures, older caches): none. */
  owner_id: idSchema.nullable().optional(),
  summary: z.string().nullable(),
  goals: z.string().nullable(),
  project_leader: z.string().nullable(),
  created_by: idSchema.nullable(),
  /**
   * Its tasks in four numbers, kept by the database as tasks change (docs/adr/0049): read-only, and
   * a change to it leaves the campaign's `version` alone (a task's edit never makes a campaign edit
   * conflict), so a change of a campaign row is the same version with another summary.
   */
  task_summary: taskSummarySchema,
  /**
   * Its approval state in brief (docs/adr/0056): each channel that needs approval with its state, or
   * null when none does. Kept by the server with core's rule in every write that can change it;
   * read-only, and like `task_summary` a change to it leaves `version` alone.
   */
  approval_summary: z
    .array(z.object({ channel: channelSchema, state: z.enum(APPROVAL_STATES).exclude(['not_required']) }))
    .nullable()
    .optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuerySchema = listQuerySchema
  .extend({
    from: ymdSchema.optional(),
    to: ymdSchema.optional(),
    ...campaignFilterShape,
    /** Where the previous page ended: its `X-Next-Cursor` (docs/adr/0020). */
    cursor: z.string().refine((s) => decodeListCursor(s) !== null, { error: 'Not a cursor this list handed out' }).optional(),
  })
  .refine((q) => !(q.cursor && q.offset), { path: ['cursor'], error: 'A cursor and an offset cannot be combined' });
export type CampaignListQuery = WithChannels<z.infer<typeof campaignListQuerySchema>>;

/** Live ads and events shown on the dashboard as read-only campaigns (docs/product.md#scope). */
export const virtualCampaignSchema = campaignSchema.omit({ id: true, version: true }).extend({
  id: z.string(),
  virtual: z.literal(true),
  source: z.object({ type: z.enum(['ad', 'event']), id: idSchema }),
});
export type VirtualCampaign = z.infer<typeof virtualCampaignSchema>;
