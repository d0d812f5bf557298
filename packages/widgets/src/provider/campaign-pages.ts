import { appendCampaignPage, applyCampaignChangeToPages, isCallersCampaignQuery, type Campaign, type CampaignChange, type CampaignListQuery, type LoadedPages, type QueryKey } from '@cadence/core';
import { useCallback, useState } from 'react';
import { TOASTS } from '../messages';
import { useCadence } from './context';
import type { QueryStore } from './query-store';
import { useQuery, useQueryKey } from './use-query';

/** Rows per request; a list reloaded after a resync asks for what it had, in one request. */
export const CAMPAIGN_PAGE_SIZE = 30;
/** The route's largest `limit`. */
const MAX_LIMIT = 10_000;

/**
 * Applies a campaign change to every list read a page at a time (useCampaignPages): the loaded
 * pages take it where the row sorts among them, by the same rules (docs/adr/0022). No request.
 */
export function applyCampaignPagesChange(store: QueryStore, change: CampaignChange): boolean {
  for (const key of store.keys('campaignPages')) {
    const query = key[1];
    if (isCallersCampaignQuery(query)) store.invalidate(key);
    else store.apply<LoadedPages<Campaign>>(key, (pages) => applyCampaignChangeToPages(pages, change, query));
  }
  return true;
}

export const campaignPagesKey = (query: CampaignListQuery = {}): QueryKey<'campaignPages'> => ['campaignPages', query];

export interface CampaignPagesResult {
  status: 'loading' | 'success' | 'error';
  /** The rows loaded so far, newest first. */
  items: Campaign[];
  /** More rows wait on the server. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Reading the next page failed (the loaded rows stay). */
  moreFailed: boolean;
  /** Reads the next page unless one is on its way or there is none. */
  loadMore: () => void;
  refetch: () => void;
}

/**
 * A campaign list read a page at a time (`GET /api/campaigns?limit&cursor`, docs/adr/0020) as the
 * user scrolls. Realtime changes land in the loaded pages in place (provider/campaign-cache.ts);
 * a refetch (resync, retry) reads as many rows as were loaded, in one request.
 */
export function useCampaignPages(
  query: CampaignListQuery = {},
  pageSize = CAMPAIGN_PAGE_SIZE,
  options: { toast?: boolean } = {},
): CampaignPagesResult {
  const showToast = options.toast ?? true;
  const { client, store, toast } = useCadence();
  store.setApplier('campaigns', 'campaignPages', applyCampaignPagesChange);
  const key = useQueryKey(campaignPagesKey(query));
  const fetcher = useCallback(async (): Promise<LoadedPages<Campaign>> => {
    const loaded = store.get<LoadedPages<Campaign>>(key).data?.items.length ?? 0;
    const limit = Math.min(MAX_LIMIT, Math.max(pageSize, loaded));
    return client.campaigns.page({ ...query, limit });
  }, [client, store, key, pageSize]); // eslint-disable-line react-hooks/exhaustive-deps
  const onError = useCallback(
    (error: unknown) => {
      console.error('[Cadence] loading campaigns failed', error);
      if (showToast) toast({ ...TOASTS.loadError, variant: 'destructive' });
    },
    [toast, showToast],
  );
  const snapshot = useQuery<LoadedPages<Campaign>>(key, fetcher, onError);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const data = snapshot.data;
  const loadMore = useCallback(() => {
    const cursor = store.get<LoadedPages<Campaign>>(key).data?.nextCursor;
    if (!cursor || store.isExtending(key)) return;
    setLoadingMore(true);
    setMoreFailed(false);
    store
      .extend<LoadedPages<Campaign>>(key, async () => {
        const page = await client.campaigns.page({ ...query, limit: pageSize, cursor });
        return (pages) => appendCampaignPage(pages, cursor, page);
      })
      .catch((error: unknown) => {
        console.error('[Cadence] loading more campaigns failed', error);
        setMoreFailed(true);
      })
      .finally(() => setLoadingMore(false));
  }, [client, store, key, pageSize]); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    status: snapshot.status,
    items: data?.items ?? [],
    hasMore: !!data?.nextCursor,
    loadingMore,
    moreFailed,
    loadMore,
    refetch: snapshot.refetch,
  };
}
