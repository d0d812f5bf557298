import { CACHE_KEYS, type Campaign, type CampaignListQuery, type CampaignStats, type QueryKey, type VirtualCampaign } from '@cadence/core';
import { useCallback, useMemo } from 'react';
import type { AnyCampaign } from './permissions';
import { TOASTS } from '../messages';
import { useCadence } from './context';
import { useQuery } from './use-query';

export const campaignsKey = (query: CampaignListQuery = {}): QueryKey =>
  `${CACHE_KEYS.campaigns}${JSON.stringify(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).sort()))}`;

/** Campaigns for a query (typically the visible window); failures show the spec's toast. */
export function useCampaigns(query: CampaignListQuery = {}, enabled = true) {
  const { client, toast } = useCadence();
  const key = enabled ? campaignsKey(query) : null;
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

/** The counts of `GET /api/campaigns/stats` (what the caller may read), for the stat cards. */
export function useCampaignStats(enabled = true) {
  const { client } = useCadence();
  const fetcher = useCallback(() => client.campaigns.stats(), [client]);
  const onError = useCallback((error: unknown) => console.error('[Cadence] loading campaign counts failed', error), []);
  return useQuery<CampaignStats>(enabled ? CACHE_KEYS.campaignStats : null, fetcher, onError);
}

/** Live ads and events as read-only campaigns; failures are only logged (docs/product.md#messages-campaigns). */
export function useVirtualCampaigns(enabled: boolean) {
  const { client } = useCadence();
  const fetcher = useCallback(() => client.dashboard.virtual(), [client]);
  const onError = useCallback((error: unknown) => console.error('[Cadence] loading ads and events failed', error), []);
  return useQuery<VirtualCampaign[]>(enabled ? CACHE_KEYS.virtual : null, fetcher, onError);
}

/**
 * What Calendar and Gantt plot: the fetched campaigns plus virtual ones, or only the
 * `items` a host hands them (EventsBoard shows events as read-only campaigns this way).
 */
export function useCampaignSource(query: CampaignListQuery, includeVirtual: boolean, items?: readonly AnyCampaign[]) {
  const fetched = useCampaigns(query, !items);
  const virtual = useVirtualCampaigns(!items && includeVirtual);
  const all = useMemo<AnyCampaign[]>(
    () => (items ? [...items] : [...(fetched.data ?? []), ...(virtual.data ?? [])]),
    [items, fetched.data, virtual.data],
  );
  return items ? { status: 'success' as const, all, refetch: () => {} } : { status: fetched.status, all, refetch: fetched.refetch };
}
