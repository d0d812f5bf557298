import { applyCampaignChange, isCallersCampaignQuery, isPagedCampaignQuery, type Campaign, type CampaignChange } from '@cadence/core';
import type { QueryStore } from './query-store';

/**
 * Applies a campaign change (realtime, or a write's answer) to every cached campaign list in
 * place, by core's rules of what each list's query returns
 * (docs/adr/0021-realtime-changes-applied-in-place.md). A page (limit/offset) cannot place a
 * row without its neighbours: it is refetched if on screen, else marked stale.
 */
export function applyCampaignListsChange(store: QueryStore, change: CampaignChange): boolean {
  for (const key of store.keys('campaigns')) {
    const query = key[1];
    if (isPagedCampaignQuery(query) || isCallersCampaignQuery(query)) store.invalidate(key);
    else store.apply<Campaign[]>(key, (list) => applyCampaignChange(list, change, query));
  }
  return true;
}
