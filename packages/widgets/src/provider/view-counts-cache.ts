import { applyViewCountsChange, savedViewFilter, type CampaignFilter, type SavedView, type ViewCountsInPlace } from '@cadence/core';
import type { CachedChange, QueryStore } from './query-store';
import { statsChangeOf } from './stats-cache';

/**
 * Moves the saved views' cached counts by a realtime campaign change, without a request
 * (docs/adr/0034): each view's filter comes from the cached views. Registered by the hook that
 * reads the counts, so only the side bar carries it; what cannot be moved exactly is refetched.
 */
export function applyViewCountsCacheChange(store: QueryStore, change: CachedChange<'campaigns'>): boolean {
  const counted = statsChangeOf(change);
  if (!counted) return false;
  const views = store.get<SavedView[]>(['savedViews']).data;
  const filters: Record<string, CampaignFilter | null> = {};
  for (const v of views ?? []) filters[v.id] = savedViewFilter(v.dashboard, v.query).filter;
  const key = ['savedViewCounts'] as const;
  store.apply<ViewCountsInPlace>(key, (answer) => {
    const next = applyViewCountsChange(answer, counted, filters);
    if (!next) queueMicrotask(() => store.invalidate(key));
    return next ?? answer;
  });
  return true;
}
