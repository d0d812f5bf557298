import type { Channel } from '@cadence/core';

/** Hand-written demo content: realistic enough that every screen has something to show. */
export const DEMO_USERS = [
  { email: 'admin@cadence.demo', password: 'cadence-admin', role: 'admin' as const },
  { email: 'viewer@cadence.demo', password: 'cadence-viewer', role: null },
];

export const DEMO_CAMPAIGN_TITLES: Record<Channel, string[]> = {
  email: ['Spring newsletter', 'Customer onboarding drip', 'Renewal reminder series'],
  social: ['LinkedIn thought-leadership series', 'Product teaser reels', 'Community spotlight week'],
  content: ['Water infrastructure whitepaper', 'Case study: Harbor Bridge retrofit', 'Buyer guide e-book'],
  paid: ['Search retargeting Q-push', 'LinkedIn lead-gen ads', 'Trade-show geo-fenced display'],
  events: ['World Infrastructure Summit booth', 'Regional contractor breakfast', 'Customer advisory board'],
  webinars: ['Digital twins 101 webinar', 'Asset lifecycle masterclass', 'Release walkthrough live'],
  seo: ['Pillar page refresh', 'GEO answer-engine audit', 'Technical SEO sprint'],
  pr: ['Funding announcement', 'Analyst briefing tour', 'Award submissions'],
  website: ['Pricing page redesign', 'Homepage hero test', 'Localisation for DACH'],
  'customer-community': ['Forum champions programme', 'User group kickoff', 'Feature-request AMA'],
  internal: ['Sales enablement kit', 'Quarterly all-hands deck', 'Brand refresh rollout'],
  'industry-publications': ['ENR banner burst', 'Water Finance sponsored issue', 'Mining Weekly feature'],
};

export const DEMO_OWNERS = ['Priya Shah', 'Marco Rossi', 'Dana Kim', 'Luis Ortega', 'Aisha Bello', null];

export const DEMO_IDEAS = [
  { title: 'Behind-the-scenes site visit series', description: 'Short videos from customer job sites, cut for social and email.' },
  { title: 'Interactive ROI calculator', description: 'A gated tool on the website feeding paid and email nurture.' },
  { title: 'Partner co-marketing webinar', description: null },
  { title: 'Podcast guest tour', description: 'Pitch our CTO to five infrastructure podcasts this quarter.' },
];

export const DEMO_COMMENTS = [
  'Love this, we could reuse footage for the summit booth.',
  'Legal will need to review customer names first.',
  'Can we measure this with the new attribution model?',
];

export const DEMO_PUBLICATIONS = [
  {
    name: 'Engineering News-Record',
    category: 'Trade magazine',
    description: 'Weekly news for the construction industry.',
    target_audience: 'Contractors, engineers',
    region: 'NA',
    industry_tags: ['construction', 'engineering'],
    ad_types: [
      { ad_type: 'Leaderboard banner', cost: 2400, where_shows: 'Top of the daily newsletter', copy_needs: '60 characters headline', image_needs: '728×90 PNG' },
      { ad_type: 'Sponsored text block', cost: 1800.5, where_shows: 'Mid newsletter', copy_needs: '150 words', image_needs: null },
    ],
  },
  {
    name: 'Water Finance & Management',
    category: 'Newsletter',
    description: 'Funding and operations for water utilities.',
    target_audience: 'Utility owners',
    region: 'NA',
    industry_tags: ['water'],
    ad_types: [{ ad_type: 'Medium rectangle', cost: 950, where_shows: 'Sidebar', copy_needs: null, image_needs: '300×250 JPG' }],
  },
  {
    name: 'Mining Weekly',
    category: 'Online news',
    description: 'Mining news for Africa, Australia and the Americas.',
    target_audience: 'Mine owners, consultants',
    region: 'Global',
    industry_tags: ['mining', 'oil/gas'],
    ad_types: [{ ad_type: 'Newsletter banner', cost: null, where_shows: 'Header', copy_needs: 'Tagline', image_needs: '600×100 PNG' }],
  },
];

export const DEMO_PROSPECTIVE = [
  {
    name: 'Power Engineering',
    region: 'NA',
    industry: 'Power & renewables',
    audience: 'Engineers',
    website: 'https://www.power-eng.com',
    media_kit_link: 'https://www.power-eng.com/media-kit',
    contacts: 'Sales: Jane Doe <jane.doe@power-eng.example>, ads@power-eng.example',
    notes: 'Asked for 2027 rate card.',
  },
  { name: 'Tunnels & Tunnelling', region: 'EMEA', industry: 'Construction', audience: 'Contractors', website: 'https://www.tunnelsonline.info', media_kit_link: null, contacts: 'advertising@tunnels.example', notes: null },
  { name: 'Nuclear Engineering International', region: 'Global', industry: 'Nuclear', audience: 'Owners', website: null, media_kit_link: null, contacts: null, notes: 'Met at WNE.' },
];

export const DEMO_EVENTS = [
  { name: 'World Infrastructure Summit', vertical: ['construction', 'transportation'], audience: ['owners', 'contractors'], region: 'Global', location: 'Amsterdam', venue: 'RAI', type: ['exhibit', 'speaking'], days: [20, 22] },
  { name: 'WaterTech Americas', vertical: ['water'], audience: ['engineers', 'consultants'], region: 'NA', location: 'Denver', venue: 'Convention Center', type: ['exhibit'], days: [45, 47] },
  { name: 'APAC Mining Forum', vertical: ['mining', 'other'], vertical_other: 'Critical minerals', audience: ['owners'], region: 'APAC', location: 'Perth', venue: 'PCEC', type: ['delegate-only'], days: [-10, -8] },
  { name: 'Customer Day', vertical: ['power & renewables'], audience: ['owners', 'developers'], region: 'EMEA', location: 'London', venue: 'HQ', type: ['customer', 'internal'], days: [5, 5] },
];

/** A campaign's checklist (docs/adr/0049): title, days before go-live it is due (null: undated), required before go-live. */
export const DEMO_TASKS: ReadonlyArray<{ title: string; beforeLive: number | null; required: boolean }> = [
  { title: 'Write the creative brief', beforeLive: 21, required: true },
  { title: 'Approve the budget', beforeLive: 18, required: true },
  { title: 'Draft copy', beforeLive: 12, required: false },
  { title: 'Design assets', beforeLive: 9, required: false },
  { title: 'Legal review', beforeLive: 5, required: true },
  { title: 'Set up tracking links', beforeLive: 2, required: false },
  { title: 'Share results with sales', beforeLive: null, required: false },
];

/**
 * Campaign templates (docs/adr/0054): a product launch and a webinar, each with roles to fill and
 * tasks back-timed in working days from go-live (or from the planning start).
 */
export const DEMO_TEMPLATES = [
  {
    name: 'Product launch',
    description: 'A launch across e-mail, social and content: six weeks of planning, results a week after.',
    defaults: {
      channels: ['email', 'social', 'content'],
      priority: 'high',
      scope: 'global',
      summary: 'Introduce the new product to owners and engineers.',
      goals: 'Sign-ups in the first two weeks.',
      audiences: ['Owners', 'Engineers'],
      kpis: ['Sign-ups', 'Demo requests'],
      deliverables: ['Landing page', 'Launch e-mail', 'Social posts'],
    },
    planning_offset: 30,
    roles: ['Product marketer', 'Designer', 'Copywriter'],
    tasks: [
      { title: 'Write the positioning brief', offset: 0, anchor: 'planning_start', role: 'Product marketer', required: true },
      { title: 'Approve the budget', offset: -25, role: 'Product marketer', required: true },
      { title: 'Draft launch copy', offset: -15, role: 'Copywriter' },
      { title: 'Design assets', offset: -12, role: 'Designer' },
      { title: 'Legal review', offset: -5, required: true, note: 'Claims and comparisons need sign-off.' },
      { title: 'Schedule e-mail and posts', offset: -2, role: 'Copywriter', required: true },
      { title: 'Share first results with sales', offset: 5, role: 'Product marketer' },
    ],
  },
  {
    name: 'Webinar',
    description: 'A one-hour webinar: invitations three weeks ahead, reminders, the recording afterwards.',
    defaults: {
      channels: ['events', 'email'],
      priority: 'medium',
      scope: 'global',
      summary: 'Teach a practical topic and collect qualified leads.',
      goals: '150 registrations, 60 attendees.',
      audiences: ['Engineers'],
      kpis: ['Registrations', 'Attendance rate'],
      deliverables: ['Registration page', 'Slides', 'Recording'],
    },
    planning_offset: 20,
    roles: ['Host', 'Speaker'],
    tasks: [
      { title: 'Agree the topic and speaker', offset: 0, anchor: 'planning_start', role: 'Host', required: true },
      { title: 'Open registration', offset: -15, role: 'Host', required: true },
      { title: 'Send the first invitation', offset: -14, role: 'Host' },
      { title: 'Slides ready for review', offset: -5, role: 'Speaker', required: true },
      { title: 'Rehearsal', offset: -2, role: 'Speaker' },
      { title: 'Send the reminder', offset: -1, role: 'Host' },
      { title: 'Publish the recording', offset: 2, role: 'Host' },
    ],
  },
] as const;
