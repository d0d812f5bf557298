import * as z from 'zod';
import { CHANNEL_VALUES, isChannel, type Channel } from '../channels';
import { CAMPAIGN_STATUSES, PRIORITIES, SCOPES } from '../constants';
import { ASSIGNEE_MESSAGE, CONFLICTS_MESSAGE, FILTER_TEXT_MAX_LENGTH, OVERDUE_MESSAGE, isAssigneeValue, type CampaignFilterKey } from '../rules/campaign-filter-keys';
import { CAMPAIGN_BOUNDS } from './campaign-limits';

/**
 * `channel=email,social` (or the parameter repeated): the campaigns that run on any of them. One
 * channel is the old single-channel filter, unchanged. Duplicates collapse; an unknown name is refused.
 */
const channelList = z.union([z.string(), z.array(z.string())]).transform((value, ctx): Channel[] => {
  const items = (Array.isArray(value) ? value : [value]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  const unknown = items.filter((c) => !isChannel(c));
  if (unknown.length) {
    ctx.addIssue({ code: 'custom', message: `Unknown channel ${unknown.join(', ')}: must be one of ${CHANNEL_VALUES.join(', ')}` });
    return z.NEVER;
  }
  if (!items.length) {
    ctx.addIssue({ code: 'custom', message: 'Must name at least one channel' });
    return z.NEVER;
  }
  return [...new Set(items)] as Channel[];
});

/** Free text: trimmed; empty means no filter (an empty search box sends nothing, a link may carry `q=`). */
const filterText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    // No text a campaign holds can contain a NUL, and PostgreSQL refuses one in a query: a 400 naming the field, not a 500 later.
    .refine((s) => !s.includes('\u0000'), { error: 'Must not contain a NUL character' })
    .transform((s) => s || undefined);

/**
 * The filters the dashboards share (docs/adr/0029): every one narrows, all must hold. The list,
 * its stats and the virtual campaigns take these fields as query parameters, and a dashboard link
 * carries them with the same names, so a saved view can be its query string.
 */
export const campaignFilterShape = {
  channel: channelList.optional(),
  /** The stored status (never one derived from dates). */
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  priority: z.enum(PRIORITIES).optional(),
  scope: z.enum(SCOPES).optional(),
  /** Exactly this owner, ignoring case. */
  owner: filterText(CAMPAIGN_BOUNDS.ownerMaxLength).optional(),
  /** Contained in the title, description or owner, ignoring case. */
  q: filterText(FILTER_TEXT_MAX_LENGTH).optional(),
  /** A task of the campaign (open or done) is assigned to this user; `me` is the caller (docs/adr/0050). */
  assignee: z
    .string({ error: ASSIGNEE_MESSAGE })
    .refine(isAssigneeValue, { error: ASSIGNEE_MESSAGE })
    .transform((s) => s.toLowerCase())
    .optional(),
  /** The campaigns this user owns (`owner_id`; `me`: the caller): "my campaigns". */
  owner_id: z
    .string({ error: ASSIGNEE_MESSAGE })
    .refine(isAssigneeValue, { error: ASSIGNEE_MESSAGE })
    .transform((s) => s.toLowerCase())
    .optional(),
  /** `1`: a task not done is due before today (the campaign's `task_summary.next_due`; docs/adr/0050). */
  overdue: z.literal('1', { error: OVERDUE_MESSAGE }).optional(),
  /**
   * `1`: the campaign is in a planning-rule conflict (docs/adr/0062) with a go-live in the query's
   * window (`from`/`to`; without one, anywhere), judged over all campaigns as `GET /api/conflicts` judges.
   */
  conflicts: z.literal('1', { error: CONFLICTS_MESSAGE }).optional(),
};

// The rules' list of keys is this shape's, both ways round.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const keysMatch: SameKeys<keyof typeof campaignFilterShape, CampaignFilterKey> = true;
void keysMatch;

export const campaignFilterSchema = z.strictObject(campaignFilterShape);
/**
 * A filter as code passes it: `channel` one channel or a list (the schema's output is always a
 * list; a caller's `{ channel: 'email' }` means what it always did).
 */
export type WithChannels<T> = Omit<T, 'channel'> & { channel?: Channel | readonly Channel[] | undefined };
export type CampaignFilter = WithChannels<z.output<typeof campaignFilterSchema>>;
