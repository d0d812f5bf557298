// The filters' names and bounds, a leaf module: the zod schema (schemas/campaign-filter.ts) and the
// zod-free rules (rules/campaign-filter.ts) both read it, and neither imports the other's values.

/** The filter parameters, in the order a link writes them (the schema's fields, checked there). */
export const CAMPAIGN_FILTER_KEYS = ['channel', 'status', 'priority', 'scope', 'owner', 'q'] as const;
export type CampaignFilterKey = (typeof CAMPAIGN_FILTER_KEYS)[number];

/** The longest search text taken: longer is a 400 on the API, and dropped from a link. */
export const FILTER_TEXT_MAX_LENGTH = 200;
