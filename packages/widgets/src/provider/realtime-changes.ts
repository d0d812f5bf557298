import { ALL_REFRESHED_KEYS, CACHE_KEYS, TOPIC_REFRESHES, type CacheKey, type RealtimeTopic, type TopicRefresh } from '@cadence/core';
import { applyCampaignMessage } from './campaign-cache';
import { applyStatsMessage } from './stats-cache';
import type { QueryStore } from './query-store';

/**
 * Cached resources a realtime change is applied to in place, from the row the message carries
 * (docs/adr/0021-realtime-changes-applied-in-place.md). Each returns false for a message it
 * cannot apply; that resource, and every one not listed, is refetched instead.
 */
const IN_PLACE: Partial<Record<CacheKey, (store: QueryStore, message: unknown) => boolean>> = {
  [CACHE_KEYS.campaigns]: applyCampaignMessage,
  [CACHE_KEYS.campaignStats]: applyStatsMessage,
};

/** A change on a topic: applied in place where possible, else the keys are refetched (on screen) or marked stale. */
export function handleRealtimeChange(store: QueryStore, keys: readonly CacheKey[], message: unknown): void {
  for (const key of keys) {
    // Lists read a page at a time register theirs (provider/campaign-pages.ts).
    const apply = IN_PLACE[key] ?? store.applier(key);
    if (!apply?.(store, message)) store.invalidate(key);
  }
}

/** Changes were missed (beyond the server's retention, or a bulk import): refetch what is on screen, mark the rest stale. */
export function handleResync(store: QueryStore): void {
  ALL_REFRESHED_KEYS.forEach((key) => store.invalidate(key));
}

/** The part of core's realtime client the provider uses (the `realtime` prop takes any such feed). */
export interface RealtimeLike {
  subscribe(topic: RealtimeTopic, onChange: (change: unknown) => void, filter?: Record<string, string>): () => void;
  onResync?(handler: () => void): () => void;
}

/**
 * Subscribes `store` to every topic the widgets cache (core's TOPIC_REFRESHES): changes are
 * applied in place or refetch, a resync refetches what is on screen. Returns the unsubscriber.
 * The provider calls it on mount; the `team` benchmark's simulated dashboards call it as is.
 */
export function connectRealtime(store: QueryStore, realtime: RealtimeLike): () => void {
  const refreshes = Object.entries(TOPIC_REFRESHES) as Array<[RealtimeTopic, readonly TopicRefresh[]]>;
  const offs = refreshes.flatMap(([topic, list]) =>
    list.map(({ keys, filter }) => realtime.subscribe(topic, (change) => handleRealtimeChange(store, keys, change), filter)));
  const offResync = realtime.onResync?.(() => handleResync(store));
  return () => {
    offs.forEach((off) => off());
    offResync?.();
  };
}
