import { CHANNEL_VALUES, can, type Channel, type Principal } from '@cadence/core';
import type { Knex } from 'knex';
import { whereListFilters } from './filters';

const channelCampaign = (c: Channel) => ({ scope: 'channel' as const, primary_channel: c, channels: [c], created_by: null });

/**
 * The read rule of docs/architecture.md#rules as SQL, so lists never load rows the caller cannot see. The SQL
 * is built from `can()`'s answers (and a view-bound key's filter); `listRows` still asks `can()` for each row afterwards.
 */
export function whereReadable(q: Knex.QueryBuilder, p: Principal): Knex.QueryBuilder {
  // A key bound to a saved view reads only what the view shows (docs/adr/0032).
  if (p.campaignFilter) {
    whereListFilters(q, p.campaignFilter, { me: p.userId });
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
