import { z } from 'zod';
import { CAMPAIGN_STATUSES, PRIORITIES, SCOPES } from '../constants';
import { channelSchema, entityMeta, idSchema, listQuerySchema, optionalText, requiredTitle, textList, ymdSchema } from './common';

const text = z.string().trim().max(300);

/** Channel-specific configuration (spec §3), persisted in `channel_config`, one strict block per channel. */
export const channelConfigSchema = z.strictObject({
  social: z
    .strictObject({
      content_type: z.enum(['image', 'video', 'carousel', 'story']).nullable().optional(),
      platforms: z.array(z.enum(['Facebook', 'Instagram', 'Twitter', 'LinkedIn', 'TikTok', 'YouTube'])).max(6).optional(),
      hashtags: textList(text).optional(),
      mention_targets: textList(text).optional(),
      post_frequency: z.enum(['daily', 'weekly', 'bi-weekly', 'monthly', 'one-time']).nullable().optional(),
    })
    .optional(),
  events: z
    .strictObject({
      venue: optionalText(300).optional(),
      capacity: z.number().int().min(0).max(10_000_000).nullable().optional(),
      event_type: z.enum(['conference', 'webinar', 'workshop', 'networking']).nullable().optional(),
      speakers: textList(text).optional(),
      registration_required: z.boolean().optional(),
    })
    .optional(),
  email: z
    .strictObject({
      email_type: z.enum(['newsletter', 'promotional', 'announcement', 'nurture']).nullable().optional(),
      subject: optionalText(300).optional(),
      preheader: optionalText(300).optional(),
      segment_criteria: textList(text).optional(),
    })
    .optional(),
  content: z
    .strictObject({
      content_format: z.enum(['blog', 'whitepaper', 'ebook', 'case-study', 'infographic']).nullable().optional(),
      word_count: z.number().int().min(0).max(1_000_000).nullable().optional(),
      seo_keywords: textList(text).optional(),
      distribution_channels: textList(text).optional(),
    })
    .optional(),
});
export type ChannelConfig = z.infer<typeof channelConfigSchema>;

const campaignFields = {
  title: requiredTitle('Campaign title is required'),
  description: optionalText(),
  channels: z.array(channelSchema).max(12),
  status: z.enum(CAMPAIGN_STATUSES),
  planning_start_date: ymdSchema,
  live_date: ymdSchema,
  end_date: ymdSchema.nullable(),
  owner: optionalText(300),
  priority: z.enum(PRIORITIES),
  scope: z.enum(SCOPES),
  primary_channel: channelSchema.nullable(),
  channel_config: channelConfigSchema,
  // Creative brief.
  summary: optionalText(),
  goals: optionalText(),
  audiences: textList(),
  project_leader: optionalText(300),
  project_team_members: textList(),
  kpis: textList(),
  deliverables: textList(),
  landing_page_urls: textList(z.string().trim().max(2000)),
};

export const campaignCreateSchema = z
  .strictObject({
    ...campaignFields,
    description: campaignFields.description.optional(),
    channels: campaignFields.channels.default([]),
    status: campaignFields.status.default('planning'),
    end_date: campaignFields.end_date.optional(),
    owner: campaignFields.owner.optional(),
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
  .refine((c) => c.scope !== 'channel' || !!c.primary_channel, {
    path: ['primary_channel'],
    error: 'A channel campaign needs a primary channel',
  });
export type CampaignCreate = z.input<typeof campaignCreateSchema>;

/** Updates send only the changed fields. */
export const campaignUpdateSchema = z.strictObject(campaignFields).partial();
export type CampaignUpdate = z.input<typeof campaignUpdateSchema>;

export const campaignSchema = z.object({
  ...entityMeta,
  ...campaignFields,
  title: z.string(),
  description: z.string().nullable(),
  owner: z.string().nullable(),
  summary: z.string().nullable(),
  goals: z.string().nullable(),
  project_leader: z.string().nullable(),
  created_by: idSchema.nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuerySchema = listQuerySchema.extend({
  from: ymdSchema.optional(),
  to: ymdSchema.optional(),
  channel: channelSchema.optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  scope: z.enum(SCOPES).optional(),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

/** Live ads and events shown on the dashboard as read-only campaigns (spec §4 Scope). */
export const virtualCampaignSchema = campaignSchema.omit({ id: true, version: true }).extend({
  id: z.string(),
  virtual: z.literal(true),
  source: z.object({ type: z.enum(['ad', 'event']), id: idSchema }),
});
export type VirtualCampaign = z.infer<typeof virtualCampaignSchema>;
