import { campaignOfHref, type Campaign, type CampaignTab } from '@cadence/core';
import { useCadence } from '@cadence/widgets';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The campaign an address opens over the dashboard (`?campaign=ID&campaign_tab=tasks`, core's
 * campaignHref: an inbox item's or a mail's link, docs/adr/0060), read once it is there; closing
 * it takes the two parameters out of the address and leaves the view's.
 */
export function useLinkedCampaign(): { campaign: Campaign | null; tab: CampaignTab; close: () => void } {
  const { client, toast } = useCadence();
  const [params, setParams] = useSearchParams();
  const linked = campaignOfHref(params);
  const id = linked?.campaign ?? null;
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  useEffect(() => {
    if (!id) {
      setCampaign(null);
      return;
    }
    let live = true;
    client.campaigns.get(id).then(
      (c) => live && setCampaign(c),
      () => live && toast({ title: 'Campaign not found', description: 'It may have been deleted, or you may no longer see it.', variant: 'destructive' }),
    );
    return () => {
      live = false;
    };
  }, [client, toast, id]);
  const close = useCallback(() => {
    setParams((p) => {
      p.delete('campaign');
      p.delete('campaign_tab');
      return p;
    }, { replace: true });
  }, [setParams]);
  return { campaign: id && campaign?.id === id ? campaign : null, tab: linked?.tab ?? 'details', close };
}
