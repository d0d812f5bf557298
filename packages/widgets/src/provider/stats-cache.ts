import { applyStatsChange, type StatsChange, type StatsInPlace } from '@cadence/core';
import type { CachedChange, QueryStore } from './query-store';

/**
 * A campaign change as the counts read it; null for one without its place in the feed (a write's
 * own answer), which cannot say whether a cached answer already counted it.
 */
export function statsChangeOf(change: CachedChange<'campaigns'>): StatsChange | null {
  if (change.seq === undefined) return null;
  const basis = change.basis ? { basis: change.basis } : {};
  return change.op === 'delete'
    ? { seq: change.seq, id: change.id, row: null, ...basis }
    : { seq: change.seq, id: change.row.id, row: change.row, ...basis };
}

/**
 * Moves every cached stats answer by one realtime campaign change, without a request
 * (docs/adr/0034, core's applyStatsChange). A key the change cannot be applied to exactly (a
 * search, a window, a basis that does not reach its snapshot) is refetched alone.
 */
export function applyStatsCacheChange(store: QueryStore, change: CachedChange<'campaigns'>): boolean {
  const counted = statsChangeOf(change);
  if (!counted) return false;
  for (const key of store.keys('campaignStats')) {
    const query = key[1];
    // Also replayed on the answer of a request running now (QueryStore.apply): a failure there
    // asks once more, after the answer is in.
    store.apply<StatsInPlace>(key, (stats) => {
      const next = applyStatsChange(stats, counted, query);
      if (!next) queueMicrotask(() => store.invalidate(key));
      return next ?? stats;
    });
  }
  return true;
}
