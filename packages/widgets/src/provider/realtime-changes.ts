import { ALL_REFRESHED_KEYS, CACHE_KEYS, type CacheKey } from '@cadence/core';
import { applyCampaignMessage } from './campaign-cache';
import type { QueryStore } from './query-store';

/**
 * Cached resources a realtime change is applied to in place, from the row the message carries
 * (docs/adr/0021-realtime-changes-applied-in-place.md). Each returns false for a message it
 * cannot apply; that resource, and every one not listed, is refetched instead.
 */
const IN_PLACE: Partial<Record<CacheKey, (store: QueryStore, message: unknown) => boolean>> = {
  [CACHE_KEYS.campaigns]: applyCampaignMessage,
};

/** A change on a topic: applied in place where possible, else the keys are refetched (on screen) or marked stale. */
export function handleRealtimeChange(store: QueryStore, keys: readonly CacheKey[], message: unknown): void {
  for (const key of keys) {
    if (!IN_PLACE[key]?.(store, message)) store.invalidate(key);
  }
}

/** Changes were missed (beyond the server's retention, or a bulk import): refetch what is on screen, mark the rest stale. */
export function handleResync(store: QueryStore): void {
  ALL_REFRESHED_KEYS.forEach((key) => store.invalidate(key));
}
