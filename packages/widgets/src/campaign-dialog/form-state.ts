import {
  applyScopeChange,
  campaignDefaults,
  joinCommaList,
  joinLineList,
  joinSpaceList,
  primaryChannelFallback,
  splitCommaList,
  splitSpaceList,
  splitUrlList,
  type Campaign,
  type CampaignCreate,
  type CampaignStatus,
  type CampaignUpdate,
  type Channel,
  type ChannelConfig,
  type Priority,
  type Scope,
  type Ymd,
} from '@cadence/core';

/** The channel-specific configuration as the form holds it: text as typed, lists unsplit. */
export interface ConfigForm {
  social: { content_type: string; platforms: string[]; hashtags: string; mention_targets: string; post_frequency: string };
  events: { venue: string; capacity: string; event_type: string; speakers: string; registration_required: boolean };
  email: { email_type: string; subject: string; preheader: string; segment_criteria: string };
  content: { content_format: string; word_count: string; seo_keywords: string; distribution_channels: string };
}
export type ConfigChannel = keyof ConfigForm;
export const CONFIG_CHANNELS: readonly ConfigChannel[] = ['social', 'events', 'email', 'content'];

export interface CampaignForm {
  title: string;
  description: string;
  status: CampaignStatus;
  owner: string;
  /** The owner as a user (chosen from the suggestions), or null for free text (docs/architecture.md, owners are people). */
  owner_id: string | null;
  planning_start_date: Ymd;
  live_date: Ymd;
  end_date: Ymd | null;
  priority: Priority;
  scope: Scope;
  primary_channel: Channel | null;
  channels: Channel[];
  config: ConfigForm;
  summary: string;
  goals: string;
  audiences: string;
  project_leader: string;
  project_team_members: string;
  kpis: string;
  deliverables: string;
  landing_page_urls: string;
}

function configForm(c: ChannelConfig = {}): ConfigForm {
  const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return {
    social: {
      content_type: c.social?.content_type ?? '', platforms: [...(c.social?.platforms ?? [])],
      hashtags: joinSpaceList(c.social?.hashtags), mention_targets: joinSpaceList(c.social?.mention_targets),
      post_frequency: c.social?.post_frequency ?? '',
    },
    events: {
      venue: c.events?.venue ?? '', capacity: num(c.events?.capacity), event_type: c.events?.event_type ?? '',
      speakers: joinCommaList(c.events?.speakers), registration_required: c.events?.registration_required ?? false,
    },
    email: {
      email_type: c.email?.email_type ?? '', subject: c.email?.subject ?? '', preheader: c.email?.preheader ?? '',
      segment_criteria: joinCommaList(c.email?.segment_criteria),
    },
    content: {
      content_format: c.content?.content_format ?? '', word_count: num(c.content?.word_count),
      seo_keywords: joinCommaList(c.content?.seo_keywords), distribution_channels: joinCommaList(c.content?.distribution_channels),
    },
  };
}

/** A new campaign's defaults (core's `campaignDefaults`, docs/product.md#constants), planning and live dates today. */
export function emptyForm(today: Ymd, initial: Partial<CampaignForm> = {}): CampaignForm {
  const { status, priority, scope, primary_channel } = campaignDefaults();
  return {
    title: '', description: '', status, owner: '', owner_id: null, planning_start_date: today, live_date: today, end_date: null,
    priority, scope, primary_channel, channels: [], config: configForm(), summary: '', goals: '',
    audiences: '', project_leader: '', project_team_members: '', kpis: '', deliverables: '', landing_page_urls: '',
    ...initial,
  };
}

export function formFromCampaign(c: Campaign): CampaignForm {
  return {
    title: c.title, description: c.description ?? '', status: c.status, owner: c.owner ?? '', owner_id: c.owner_id ?? null,
    planning_start_date: c.planning_start_date, live_date: c.live_date, end_date: c.end_date, priority: c.priority,
    scope: c.scope, primary_channel: c.primary_channel, channels: [...c.channels], config: configForm(c.channel_config),
    summary: c.summary ?? '', goals: c.goals ?? '', audiences: joinCommaList(c.audiences), project_leader: c.project_leader ?? '',
    project_team_members: joinCommaList(c.project_team_members), kpis: joinCommaList(c.kpis),
    deliverables: joinCommaList(c.deliverables), landing_page_urls: joinLineList(c.landing_page_urls),
  };
}

/** The channels whose configuration applies: the chosen ones, or the primary channel. */
export function activeChannels(f: Pick<CampaignForm, 'scope' | 'primary_channel' | 'channels'>): Channel[] {
  return f.scope === 'channel' ? (f.primary_channel ? [f.primary_channel] : []) : f.channels;
}

/** Scope radio: core's rule, then the spec's primary-channel fallback (first channel, else content). */
export function changeScope(f: CampaignForm, scope: Scope): CampaignForm {
  const next = applyScopeChange(f, scope);
  return scope === 'channel' && !next.primary_channel ? { ...next, primary_channel: primaryChannelFallback(f.channels) } : next;
}

const text = (s: string) => (s.trim() === '' ? null : s.trim());
const int = (s: string) => (s.trim() === '' ? null : Number.parseInt(s, 10));
const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0))) as T;

/** Snake_case `channel_config` holding only the active channels' filled-in fields. */
export function configBody(f: CampaignForm): ChannelConfig {
  const { social, events, email, content } = f.config;
  const blocks: ChannelConfig = {
    social: defined({
      content_type: (social.content_type || null) as NonNullable<ChannelConfig['social']>['content_type'],
      platforms: social.platforms as NonNullable<ChannelConfig['social']>['platforms'],
      hashtags: splitSpaceList(social.hashtags), mention_targets: splitSpaceList(social.mention_targets),
      post_frequency: (social.post_frequency || null) as NonNullable<ChannelConfig['social']>['post_frequency'],
    }),
    events: defined({
      venue: text(events.venue), capacity: int(events.capacity),
      event_type: (events.event_type || null) as NonNullable<ChannelConfig['events']>['event_type'],
      speakers: splitCommaList(events.speakers), registration_required: events.registration_required,
    }),
    email: defined({
      email_type: (email.email_type || null) as NonNullable<ChannelConfig['email']>['email_type'],
      subject: text(email.subject), preheader: text(email.preheader), segment_criteria: splitCommaList(email.segment_criteria),
    }),
    content: defined({
      content_format: (content.content_format || null) as NonNullable<ChannelConfig['content']>['content_format'],
      word_count: int(content.word_count), seo_keywords: splitCommaList(content.seo_keywords),
      distribution_channels: splitCommaList(content.distribution_channels),
    }),
  };
  const active = activeChannels(f);
  return Object.fromEntries(
    CONFIG_CHANNELS.filter((ch) => active.includes(ch) && Object.keys(blocks[ch] ?? {}).length > 0).map((ch) => [ch, blocks[ch]]),
  );
}

/** The full request body; lists split as docs/product.md#validation-lists says. */
export function formToBody(f: CampaignForm): CampaignCreate & Required<Pick<CampaignCreate, 'channels' | 'primary_channel'>> {
  const channel = f.scope === 'channel';
  return {
    title: f.title.trim(), description: text(f.description), status: f.status, owner: text(f.owner),
    // Only when set: a create without an owning user sends no owner_id, as before owners were people.
    ...(f.owner_id ? { owner_id: f.owner_id } : {}),
    planning_start_date: f.planning_start_date, live_date: f.live_date, end_date: f.end_date, priority: f.priority,
    scope: f.scope, primary_channel: channel ? f.primary_channel : null,
    channels: channel ? (f.primary_channel ? [f.primary_channel] : []) : f.channels,
    channel_config: configBody(f), summary: text(f.summary), goals: text(f.goals), audiences: splitCommaList(f.audiences),
    project_leader: text(f.project_leader), project_team_members: splitCommaList(f.project_team_members),
    kpis: splitCommaList(f.kpis), deliverables: splitCommaList(f.deliverables), landing_page_urls: splitUrlList(f.landing_page_urls),
  };
}

/** Only what differs from the stored campaign, both sides normalised the same way. */
export function changedFields(original: Campaign, f: CampaignForm): CampaignUpdate {
  const before = formToBody(formFromCampaign(original)) as Record<string, unknown>;
  const after = formToBody(f) as Record<string, unknown>;
  // An owning user taken away is absent from the body: sent as null.
  if (before.owner_id && !after.owner_id) after.owner_id = null;
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k]))) as CampaignUpdate;
}
