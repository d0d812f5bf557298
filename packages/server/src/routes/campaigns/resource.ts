import {
  CHANNEL_VALUES,
  canReadCampaign,
  canView,
  canWriteCampaign,
  isAdmin,
  type Campaign,
  type Channel,
  type Principal,
} from '@cadence/core';
import type { Knex } from 'knex';
import type { Resource } from '../../data/crud';
import { withIsoTimestamps } from '../../data/present';

export type CampaignRaw = Campaign & { created_at: Date | string; updated_at: Date | string };

export const campaigns: Resource<CampaignRaw, Campaign> = {
  table: 'campaigns',
  topic: 'campaigns',
  label: 'Campaign',
  select: (db) => db('campaigns').select('campaigns.*'),
  selectIsTable: true,
  present: (raw) => withIsoTimestamps(raw) as Campaign,
  canRead: canReadCampaign,
  canWrite: canWriteCampaign,
};

/**
 * The read rule of DESIGN §5 as SQL, so lists never load rows the caller cannot see.
 * `canReadCampaign` still checks each row afterwards.
 */
export function whereReadable(q: Knex.QueryBuilder, p: Principal): Knex.QueryBuilder {
  const keyChannels = p.channels ?? null;
  if (isAdmin(p) && !keyChannels) return q;
  const inKey = (c: Channel) => !keyChannels || keyChannels.includes(c);
  const viewable = CHANNEL_VALUES.filter((c) => inKey(c) && canView(p, c));
  return q.where((outer) => {
    outer
      .where((g) => {
        g.where('campaigns.scope', 'global');
        if (keyChannels) g.whereRaw('campaigns.channels && ?::text[]', [[...keyChannels]]);
        if (!canView(p)) g.whereRaw('campaigns.channels && ?::text[]', [viewable]);
      })
      .orWhere((c) => c.where('campaigns.scope', 'channel').whereIn('campaigns.primary_channel', viewable));
  });
}
