import { CHANNEL_VALUES, can, type Campaign, type Channel, type Principal } from '@cadence/core';
import { campaignSchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import type { Resource } from '../../data/crud';
import { withIsoTimestamps } from '../../data/present';
import { whereListFilters } from './filters';

export type CampaignRaw = Campaign & { created_at: Date | string; updated_at: Date | string };

const COLUMNS = Object.keys(campaignSchema.shape).map((c) => `campaigns.${c}`);

export const campaigns: Resource<CampaignRaw, Campaign> = {
  table: 'campaigns',
  topic: 'campaigns',
  label: 'Campaign',
  // The API's fields only: lists of thousands read no more than they send (the feed's own
  // columns, docs/adr/0023, stay behind).
  select: (db) => db('campaigns').select(COLUMNS),
  selectIsTable: true,
  present: (raw) => withIsoTimestamps(raw) as Campaign,
  policy: 'campaign',
};

const channelCampaign = (c: Channel) => ({ scope: 'channel' as const, primary_channel: c, channels: [c], created_by: null });

/**
 * The read rule of docs/architecture.md#rules as SQL, so lists never load rows the caller cannot see. The SQL
 * is built from `can()`'s answers (and a view-bound key's filter); `listRows` still asks `can()` for each row afterwards.
 */
export function whereReadable(q: Knex.QueryBuilder, p: Principal): Knex.QueryBuilder {
  // A key bound to a saved view reads only what the view shows (issue 20, docs/adr/0032).
  if (p.campaignFilter) {
    whereListFilters(q, p.campaignFilter);
    // The probes below are shapes, not rows: the filter (checked above) would refuse them all.
    p = { ...p, campaignFilter: null };
  }
  const keyChannels = p.channels ?? null;
  // The channels whose channel-scope campaigns the caller reads, and the main calendar (view()).
  const viewable = CHANNEL_VALUES.filter((c) => can(p, 'read', 'campaign', channelCampaign(c)));
  const globalView = can(p, 'read', 'calendar');
  if (globalView && !keyChannels && viewable.length === CHANNEL_VALUES.length) return q;
  return q.where((outer) => {
    outer
      .where((g) => {
        g.where('campaigns.scope', 'global');
        if (keyChannels) g.whereRaw('campaigns.channels && ?::text[]', [[...keyChannels]]);
        if (!globalView) g.whereRaw('campaigns.channels && ?::text[]', [viewable]);
      })
      .orWhere((c) => c.where('campaigns.scope', 'channel').whereIn('campaigns.primary_channel', viewable));
  });
}
