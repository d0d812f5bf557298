import {
  addDays, mentionedIds, rankFor, summariseTasks, type Ad, type AdType, type Article, type CadenceEvent, type Campaign, type CampaignComment, type Idea, type IdeaComment, type Notification, type Permission,
  type PlanningRuleRecord, type ProspectivePublication, type Publication, type Task, type Ymd,
} from '@cadence/core';
import { DEFAULT_MEMORY_USER_ID, type MemoryClientOptions } from './memory-client';

let seq = 0;
const id = (kind: string) => `00000000-0000-4000-a${kind}-${(++seq).toString(16).padStart(12, '0')}`;
const meta = (created_at = '2026-03-01T09:00:00.000Z') => ({ id: id('000'), version: 1, created_at, updated_at: created_at, created_by: DEFAULT_MEMORY_USER_ID });

export const makeIdea = (f: Partial<Idea> & Pick<Idea, 'title'>): Idea => ({ ...meta(), description: null, ...f });
export const makeComment = (f: Partial<IdeaComment> & Pick<IdeaComment, 'idea_id' | 'comment'>): IdeaComment => ({ ...meta(), ...f });
export const makePublication = (f: Partial<Publication> & Pick<Publication, 'name'>): Publication => ({
  ...meta(), category: null, description: null, target_audience: null, region: null, industry_tags: [], notes: null, ...f,
});
export const makeAdType = (f: Partial<AdType> & Pick<AdType, 'ad_type' | 'publication_id'>): AdType => ({
  ...meta(), specifications: null, cost: null, copy_needs: null, image_needs: null, where_shows: null, example_image_url: null, ...f,
});
export const makeAd = (f: Partial<Ad> & Pick<Ad, 'publication_id' | 'ad_type_id' | 'due_date' | 'live_date'>): Ad => ({
  ...meta(), status: 'new', content: null, notes: null, copy_images_link: null, region: null, audience: null, industry: null,
  publication_name: '', ad_type: null, copy_needs: null, image_needs: null, where_shows: null, example_image_url: null, ...f,
});
export const makeProspective = (f: Partial<ProspectivePublication> & Pick<ProspectivePublication, 'name'>): ProspectivePublication => ({
  ...meta(), region: null, industry: null, audience: null, website: null, media_kit_link: null, contacts: null, notes: null, ...f,
});
export const makeArticle = (f: Partial<Article> & Pick<Article, 'title' | 'due_date' | 'live_date'>): Article => ({
  ...meta(), publication_name: null, status: 'new', website_examples: null, copy_needs: null, website_focus_notes: null,
  image_needs: null, objective: null, ...f,
});
export const makeEvent = (f: Partial<CadenceEvent> & Pick<CadenceEvent, 'name' | 'start_date' | 'end_date'>): CadenceEvent => ({
  ...meta(), vertical: ['construction'], vertical_other: null, audience: ['owners'], region: null, location: null, venue: null,
  event_url: null, type: ['exhibit'], ...f,
});

/**
 * A stored task of `campaign`, at the end of `after` (the campaign's tasks so far, for its rank).
 * Give the campaign its summary with `withTaskSummary` once its tasks are made.
 */
export const makeTask = (campaign: Campaign, f: Partial<Task> & Pick<Task, 'title'>, after: readonly Task[] = []): Task => {
  const placed = rankFor(after.filter((t) => t.campaign_id === campaign.id));
  return {
    ...meta(), campaign_id: campaign.id, assignee_id: null, assignee_email: null, due_date: null, status: 'todo', required: false, note: null,
    rank: 'rank' in placed ? placed.rank : 'a0', completed_at: null,
    campaign: { id: campaign.id, title: campaign.title, status: campaign.status, scope: campaign.scope, primary_channel: campaign.primary_channel, channels: campaign.channels, live_date: campaign.live_date, created_by: campaign.created_by },
    ...f,
  };
};

/** A stored comment on `campaign` (docs/adr/0059): `mention_ids` from the body unless given; mentions are answered by the client. */
export const makeCampaignComment = (campaign: Campaign, f: Partial<CampaignComment> & Pick<CampaignComment, 'body'>): CampaignComment => ({
  ...meta(), campaign_id: campaign.id, author_email: null, edited_at: null, mentions: [], mention_ids: mentionedIds(f.body),
  campaign: { id: campaign.id, title: campaign.title, status: campaign.status, scope: campaign.scope, primary_channel: campaign.primary_channel, channels: campaign.channels, live_date: campaign.live_date, created_by: campaign.created_by },
  ...f,
});

/** The campaign with the summary of its tasks among `tasks`, as the server keeps it. */
export const withTaskSummary = (campaign: Campaign, tasks: readonly Task[]): Campaign => ({ ...campaign, task_summary: summariseTasks(tasks.filter((t) => t.campaign_id === campaign.id)) });

export const VIEWER_ID = '00000000-0000-4000-8000-00000000b002';
export const EDITOR_ID = '00000000-0000-4000-8000-00000000b003';

/** Ideas with comments, publications with ad types and ads in every status, prospects, articles, events and users around `today`. */
export function sampleWorkspace(today: Ymd): Omit<MemoryClientOptions, 'campaigns' | 'virtual'> {
  const d = (n: number) => addDays(today, n);
  const at = (n: number) => `${d(n)}T09:00:00.000Z`;
  const ideas = [
    makeIdea({ title: 'Customer spotlight series', description: 'Monthly interviews with customers.', ...meta(at(-10)) }),
    makeIdea({ title: 'Partner webinar', description: null, ...meta(at(-3)) }),
    makeIdea({ title: 'Referral programme', description: 'Reward customers who refer peers.', ...meta(at(-1)) }),
  ];
  const [spotlight, webinar] = ideas as [Idea, Idea, Idea];
  const comments = [
    makeComment({ idea_id: spotlight.id, comment: 'Great idea, start with Northwind.', ...meta(at(-9)) }),
    makeComment({ idea_id: spotlight.id, comment: 'Needs a video budget.', ...meta(at(-8)) }),
    makeComment({ idea_id: webinar.id, comment: 'Q3 would suit partners.', ...meta(at(-2)) }),
  ];
  const weekly = makePublication({ name: 'Construction Weekly', category: 'Newsletter', description: 'Weekly industry digest.', target_audience: 'Contractors', region: 'NA', industry_tags: ['Construction', 'Infrastructure'], notes: 'Book 4 weeks ahead.' });
  const power = makePublication({ name: 'Power Today', category: 'Magazine', description: 'Energy and utilities news.', target_audience: 'Engineers', region: 'EMEA', industry_tags: ['Power', 'Renewables'] });
  const banner = makeAdType({ publication_id: weekly.id, ad_type: 'Top Banner', cost: 1500, specifications: '600x100 PNG', copy_needs: 'Headline up to 60 characters', image_needs: '600x100 banner', where_shows: 'Top of the newsletter', example_image_url: 'https://storage.cadence.test/ad-type-examples/banner.png' });
  const text = makeAdType({ publication_id: weekly.id, ad_type: 'Text Ad', cost: 400, copy_needs: '50 words', where_shows: 'Middle' });
  const sidebar = makeAdType({ publication_id: power.id, ad_type: 'Sidebar', cost: null, where_shows: 'Right column' });
  const ad = (pub: Publication, type: AdType, due: number, live: number, status: Ad['status'], extra: Partial<Ad> = {}) =>
    makeAd({ publication_id: pub.id, ad_type_id: type.id, due_date: d(due), live_date: d(live), status, ...extra });
  return {
    ideas, comments,
    publications: [weekly, power], adTypes: [banner, text, sidebar],
    ads: [
      ad(weekly, banner, -12, -2, 'live', { content: 'Spring launch banner', region: 'NA', audience: 'Contractors', industry: 'Construction' }),
      ad(weekly, text, -3, 6, 'content_ready', { notes: 'Use the short headline', copy_images_link: 'https://drive.example.com/ads/1' }),
      ad(power, sidebar, 2, 12, 'content_requested'),
      ad(power, sidebar, 10, 24, 'new'),
    ],
    prospective: [
      makeProspective({ name: 'Mining Monthly', region: 'APAC', industry: 'Mining', audience: 'Owners', website: 'miningmonthly.example', media_kit_link: 'https://miningmonthly.example/kit', contacts: 'Ana Silva <ana@miningmonthly.example>; ads@miningmonthly.example' }),
      makeProspective({ name: 'Water Works', region: 'NA', industry: 'Water', audience: 'Engineers', website: 'https://waterworks.example' }),
    ],
    articles: [
      makeArticle({ title: 'How planning scales', publication_name: 'Construction Weekly', due_date: d(-5), live_date: d(3), status: 'content_requested', objective: 'Thought leadership' }),
      makeArticle({ title: 'Grid upgrades explained', publication_name: 'Power Today', due_date: d(4), live_date: d(15), status: 'new' }),
    ],
    events: [
      makeEvent({ name: 'Industry Expo 2026', start_date: d(3), end_date: d(5), location: 'Las Vegas, NV', venue: 'Convention Center', region: 'NA', vertical: ['construction', 'mining'], audience: ['owners', 'contractors'], type: ['exhibit', 'speaking'], event_url: 'https://expo.example.com' }),
      makeEvent({ name: 'Water Summit', start_date: d(20), end_date: d(21), location: 'Rotterdam', region: 'EMEA', vertical: ['water'], audience: ['engineers'], type: ['delegate-only'] }),
    ],
    users: [
      { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null },
      { id: EDITOR_ID, email: 'editor@cadence.demo', role: null },
    ],
    permissions: [
      { id: id('100'), user_id: VIEWER_ID, permission_type: 'global_view', channel: null, created_by: DEFAULT_MEMORY_USER_ID, created_at: at(-20) },
      { id: id('100'), user_id: EDITOR_ID, permission_type: 'channel_create', channel: 'events', created_by: DEFAULT_MEMORY_USER_ID, created_at: at(-20) },
    ] satisfies Permission[],
  };
}

let notificationSerial = 0;
/** An inbox item (docs/adr/0060) for the memory client's default user unless said, unread, a minute apart. */
export const makeNotification = (f: Partial<Notification> & Pick<Notification, 'kind'>): Notification => {
  const n = ++notificationSerial;
  const at = new Date(Date.UTC(2026, 2, 11, 9, 0) - n * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    user_id: DEFAULT_MEMORY_USER_ID,
    campaign_id: null,
    task_id: null,
    actor_id: null,
    actor_email: 'editor@cadence.demo',
    data: {},
    created_at: at,
    updated_at: at,
    read_at: null,
    version: 1,
    ...f,
  };
};

/** A stored planning rule (docs/adr/0062): at most 1 e-mail send a week, warning, unless `fields` say otherwise. */
export function makePlanningRule(fields: Partial<PlanningRuleRecord> = {}): PlanningRuleRecord {
  return {
    id: '00000000-0000-4000-8000-0000000000a1', kind: 'channel_load', severity: 'warn', limit: 1, period: 'week', channel: 'email',
    audience: null, gap_days: null, name: null, description: 'At most 1 e-mail send a week',
    created_at: '2026-03-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z', version: 1, ...fields,
  };
}

