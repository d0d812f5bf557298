import type { Campaign, Principal } from '@cadence/core';
import { recordUpdate, withLockedRow } from '../data/crud';
import { campaigns, type CampaignRaw } from '../data/resources/campaigns';
import { notFound } from '../errors';
import type { Services } from '../services';

/**
 * Puts a channel-only campaign on the main calendar (scope global, primary channel cleared), with
 * its `promote` history entry, in one transaction under the row's lock: the same read, `promote`
 * right and If-Match checks as any write. A global campaign comes back as it is.
 */
export function promoteCampaign(s: Services, p: Principal, id: string, ifMatch: number | null): Promise<Campaign> {
  return withLockedRow(
    s,
    campaigns,
    p,
    id,
    ifMatch,
    async (trx, before: CampaignRaw) => {
      if (before.scope === 'global') return campaigns.present(before);
      await trx('campaigns')
        .where({ id: before.id })
        .update({ scope: 'global', primary_channel: null, version: trx.raw('version + 1'), updated_at: trx.fn.now() });
      const raw = await campaigns.select(trx).where('campaigns.id', before.id).first();
      if (!raw) throw notFound('Campaign');
      const after = campaigns.present(raw);
      await recordUpdate(trx, campaigns, before.id, campaigns.present(before), after, ['scope', 'primary_channel'], 'promote');
      return after;
    },
    'promote',
  );
}
