import {
  campaignMatchesFilter,
  isFiltered,
  pickCampaignFilter,
  type Campaign,
  type CampaignFilter,
  type CampaignListQuery,
  type CampaignStats,
  type CampaignStatsQuery,
  type QueryKey,
  type VirtualCampaign,
} from '@cadence/core';
import { useCallback, useMemo } from 'react';
import type { AnyCampaign } from './permissions';
import { TOASTS } from '../messages';
import { useCadence } from './context';
import { useQuery, useQueryKey } from './use-query';

export const campaignsKey = (query: CampaignListQuery = {}): QueryKey<'campaigns'> => ['campaigns', query];

/** Campaigns for a query (typically the visible window); failures show the spec's toast. */
export function useCampaigns(query: CampaignListQuery = {}, enabled = true) {
  const { client, toast } = useCadence();
  const key = useQueryKey(enabled ? campaignsKey(query) : null);
  const fetcher = useCallback(() => client.campaigns.list(query), [client, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const onError = useCallback(
    (error: unknown) => {
      console.error('[Cadence] loading campaigns failed', error);
      toast({ ...TOASTS.loadError, variant: 'destructive' });
    },
    [toast],
  );
  return useQuery<Campaign[]>(key, fetcher, onError);
}

/** The counts of `GET /api/campaigns/stats` (what the caller may read, filtered by `query`), for the stat cards. */
export function useCampaignStats(enabled = true, query: CampaignStatsQuery = {}) {
  const { client } = useCadence();
  const key = useQueryKey(enabled ? (['campaignStats', query] as const) : null);
  const fetcher = useCallback(() => client.campaigns.stats(query), [client, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const onError = useCallback((error: unknown) => console.error('[Cadence] loading campaign counts failed', error), []);
  return useQuery<CampaignStats>(key, fetcher, onError);
}

/** Live ads and events as read-only campaigns, following `filter`; failures are only logged (docs/product.md#messages-campaigns). */
export function useVirtualCampaigns(enabled: boolean, filter: CampaignFilter = {}) {
  const { client } = useCadence();
  const key = useQueryKey(enabled ? (['virtual', filter] as const) : null);
  const fetcher = useCallback(() => client.dashboard.virtual(isFiltered(filter) ? filter : undefined), [client, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const onError = useCallback((error: unknown) => console.error('[Cadence] loading ads and events failed', error), []);
  return useQuery<VirtualCampaign[]>(key, fetcher, onError);
}

/**
 * What Calendar and Gantt plot: the fetched campaigns plus virtual ones, or only the
 * `items` a host hands them (EventsBoard shows events as read-only campaigns this way).
 */
export function useCampaignSource(query: CampaignListQuery, includeVirtual: boolean, items?: readonly AnyCampaign[]) {
  const fetched = useCampaigns(query, !items);
  const filter = pickCampaignFilter(query);
  const virtual = useVirtualCampaigns(!items && includeVirtual, filter);
  const filterKey = JSON.stringify(filter);
  const all = useMemo<AnyCampaign[]>(
    // Handed items are filtered here, by the rule the server applies to fetched ones.
    () => (items ? items.filter((c) => campaignMatchesFilter(c, filter)) : [...(fetched.data ?? []), ...(virtual.data ?? [])]),
    [items, fetched.data, virtual.data, filterKey], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return items ? { status: 'success' as const, all, refetch: () => {} } : { status: fetched.status, all, refetch: fetched.refetch };
}
