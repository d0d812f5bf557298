// The filters' names and bounds, a leaf module: the zod schema (schemas/campaign-filter.ts) and the
// zod-free rules (rules/campaign-filter.ts) both read it, and neither imports the other's values.

/** The filter parameters, in the order a link writes them (the schema's fields, checked there). */
export const CAMPAIGN_FILTER_KEYS = ['channel', 'status', 'priority', 'scope', 'owner', 'q', 'assignee', 'overdue', 'owner_id', 'conflicts'] as const;
export type CampaignFilterKey = (typeof CAMPAIGN_FILTER_KEYS)[number];

/** The longest search text taken: longer is a 400 on the API, and dropped from a link. */
export const FILTER_TEXT_MAX_LENGTH = 200;

/** `assignee=me`: the caller (a key: its creator), resolved where the principal is known. */
export const ASSIGNEE_ME = 'me';
export const ASSIGNEE_MESSAGE = 'Must be a user id or "me"';
/** `owner_id` takes the same values as `assignee` (a user id or `me`). */
export const USER_FILTER_MESSAGE = ASSIGNEE_MESSAGE;
export const OVERDUE_MESSAGE = 'Must be 1';
/** `conflicts` takes only `1`, as `overdue` does. */
export const CONFLICTS_MESSAGE = OVERDUE_MESSAGE;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a value is one `assignee` takes: a user id or `me`. */
export const isAssigneeValue = (s: string): boolean => s === ASSIGNEE_ME || UUID.test(s);
