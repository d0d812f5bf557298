/** The twelve fixed marketing channels (docs/product.md#sidebar, docs/product.md#channels). */
export const CHANNEL_VALUES = [
  'email',
  'social',
  'content',
  'paid',
  'events',
  'webinars',
  'seo',
  'pr',
  'website',
  'customer-community',
  'internal',
  'industry-publications',
] as const;

export type Channel = (typeof CHANNEL_VALUES)[number];

export interface ChannelInfo {
  value: Channel;
  /** Menu and chip label. */
  label: string;
  /** Full label on the dashboard. */
  dashboardLabel: string;
  /** Full label on the Gantt timeline. */
  ganttLabel: string;
  /** Hex colour for dots, chips and single-channel bars. */
  color: string;
}

export const CHANNELS: readonly ChannelInfo[] = [
  { value: 'email', label: 'Email', dashboardLabel: 'Email Marketing', ganttLabel: 'Email Marketing', color: '#3b82f6' },
  { value: 'social', label: 'Social Media', dashboardLabel: 'Social Media', ganttLabel: 'Social Media', color: '#ec4899' },
  { value: 'content', label: 'Content', dashboardLabel: 'Content Marketing', ganttLabel: 'Content Marketing', color: '#8b5cf6' },
  { value: 'paid', label: 'Paid Ads', dashboardLabel: 'Paid Advertising', ganttLabel: 'Paid Advertising', color: '#f97316' },
  { value: 'events', label: 'Events', dashboardLabel: 'Events', ganttLabel: 'Events', color: '#10b981' },
  { value: 'webinars', label: 'Webinars', dashboardLabel: 'Webinars', ganttLabel: 'Webinars', color: '#06b6d4' },
  { value: 'seo', label: 'SEO', dashboardLabel: 'SEO & GEO', ganttLabel: 'SEO', color: '#84cc16' },
  { value: 'pr', label: 'Public Relations', dashboardLabel: 'Public Relations', ganttLabel: 'Public Relations', color: '#eab308' },
  { value: 'website', label: 'Website', dashboardLabel: 'Website', ganttLabel: 'Website', color: '#6366f1' },
  {
    value: 'customer-community',
    label: 'Customer Community',
    dashboardLabel: 'Customer Community',
    ganttLabel: 'Customer Community',
    color: '#14b8a6',
  },
  { value: 'internal', label: 'Internal', dashboardLabel: 'Internal', ganttLabel: 'Internal Communications', color: '#64748b' },
  {
    value: 'industry-publications',
    label: 'Industry Publications',
    dashboardLabel: 'Industry Publications',
    ganttLabel: 'Industry Publications',
    color: '#ef4444',
  },
];

/** Bar colour for a campaign that runs on more than one channel (spec: 'light blue'). */
export const MULTI_CHANNEL_COLOR = '#93c5fd';

const byValue = new Map<string, ChannelInfo>(CHANNELS.map((c) => [c.value, c]));

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && byValue.has(value);
}

export function channelInfo(value: Channel): ChannelInfo {
  const info = byValue.get(value);
  if (!info) throw new Error(`[Cadence] Unknown channel "${value}". Use one of: ${CHANNEL_VALUES.join(', ')}.`);
  return info;
}

/** Channels with their own page instead of the generic channel dashboard. */
export const SPECIAL_PAGE_CHANNELS = ['industry-publications', 'events'] as const satisfies readonly Channel[];
