import { CHANNEL_VALUES, isChannel, type Channel } from '../channels';
import { CAMPAIGN_STATUSES, PRIORITIES, SCOPES } from '../constants';
import { CAMPAIGN_BOUNDS } from '../schemas/campaign-limits';
import { ASSIGNEE_MESSAGE, CONFLICTS_MESSAGE, FILTER_TEXT_MAX_LENGTH, OVERDUE_MESSAGE, isAssigneeValue, type CampaignFilterKey } from './campaign-filter-keys';

// A link's filter values read without zod: the dashboards read their address on every page, and
// zod (≈25 kB gzip) stays out of browser bundles (docs/adr/0015). The API validates the same
// parameters with the schema (schemas/campaign-filter.ts); a property test holds the two to the
// same values and the same messages.

export type FilterValue = { ok: true; value: unknown } | { ok: false; message: string };

const enumOf = (values: readonly string[]) => (raw: string): FilterValue =>
  values.includes(raw) ? { ok: true, value: raw } : { ok: false, message: `Invalid option: expected one of ${values.map((v) => `"${v}"`).join('|')}` };

const text = (max: number) => (raw: string): FilterValue => {
  const s = raw.trim();
  if (s.length > max) return { ok: false, message: `Must be at most ${max} characters` };
  if (s.includes('\u0000')) return { ok: false, message: 'Must not contain a NUL character' };
  return { ok: true, value: s || undefined };
};

function channels(raw: string): FilterValue {
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = items.filter((c) => !isChannel(c));
  if (unknown.length) return { ok: false, message: `Unknown channel ${unknown.join(', ')}: must be one of ${CHANNEL_VALUES.join(', ')}` };
  if (!items.length) return { ok: false, message: 'Must name at least one channel' };
  return { ok: true, value: [...new Set(items)] as Channel[] };
}

const READERS: Record<CampaignFilterKey, (raw: string) => FilterValue> = {
  channel: channels,
  status: enumOf(CAMPAIGN_STATUSES),
  priority: enumOf(PRIORITIES),
  scope: enumOf(SCOPES),
  owner: text(CAMPAIGN_BOUNDS.ownerMaxLength),
  q: text(FILTER_TEXT_MAX_LENGTH),
  assignee: (raw) => (isAssigneeValue(raw) ? { ok: true, value: raw.toLowerCase() } : { ok: false, message: ASSIGNEE_MESSAGE }),
  owner_id: (raw) => (isAssigneeValue(raw) ? { ok: true, value: raw.toLowerCase() } : { ok: false, message: ASSIGNEE_MESSAGE }),
  overdue: (raw) => (raw === '1' ? { ok: true, value: '1' } : { ok: false, message: OVERDUE_MESSAGE }),
  conflicts: (raw) => (raw === '1' ? { ok: true, value: '1' } : { ok: false, message: CONFLICTS_MESSAGE }),
};

/** One filter parameter of a link, as the schema would read it: its value (undefined: no filter), or why not. */
export const readFilterValue = (key: CampaignFilterKey, raw: string): FilterValue => READERS[key](raw);
