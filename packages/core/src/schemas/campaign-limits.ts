/**
 * The allowed values and bounds of a campaign's fields, without zod: the schemas in
 * campaign.ts are built from them, and so are the light checks in rules/campaign-checks.ts
 * that the browser runs (they must not pull zod into a widget's bundle).
 */
export const SOCIAL_CONTENT_TYPES = ['image', 'video', 'carousel', 'story'] as const;
export const SOCIAL_PLATFORMS = ['Facebook', 'Instagram', 'Twitter', 'LinkedIn', 'TikTok', 'YouTube'] as const;
export const POST_FREQUENCIES = ['daily', 'weekly', 'bi-weekly', 'monthly', 'one-time'] as const;
export const CAMPAIGN_EVENT_TYPES = ['conference', 'webinar', 'workshop', 'networking'] as const;
export const EMAIL_TYPES = ['newsletter', 'promotional', 'announcement', 'nurture'] as const;
export const CONTENT_FORMATS = ['blog', 'whitepaper', 'ebook', 'case-study', 'infographic'] as const;

export const CAMPAIGN_BOUNDS = {
  /** Items of a channel configuration list (hashtags, speakers…), and its short texts. */
  configTextMaxLength: 300,
  ownerMaxLength: 300,
  landingPageUrlMaxLength: 2000,
  channelsMaxItems: 12,
  capacityMax: 10_000_000,
  wordCountMax: 1_000_000,
} as const;
