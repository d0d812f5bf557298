import {
  ALL_REFRESHED_KINDS,
  TOPIC_REFRESHES,
  type ChangeFrame,
  type QueryKind,
  type RealtimeTopic,
  type SubscriptionFilter,
  type TopicRefresh,
} from '@cadence/core';
import { applyCampaignListsChange } from './campaign-cache';
import { applyStatsCacheChange } from './stats-cache';
import type { ChangeApplier, QueryStore } from './query-store';

/**
 * Cached queries a realtime change is applied to in place, from the row it carries, by topic
 * and kind (docs/adr/0021-realtime-changes-applied-in-place.md). Each returns false for a change
 * it cannot apply; that kind, and every one not listed, is refetched instead.
 */
const IN_PLACE: { [T in RealtimeTopic]?: Partial<Record<QueryKind, ChangeApplier<T>>> } = {
  campaigns: { campaigns: applyCampaignListsChange, campaignStats: applyStatsCacheChange },
};

/** A change on a topic: applied in place where possible, else the kinds' keys are refetched (on screen) or marked stale. */
export function handleRealtimeChange<T extends RealtimeTopic>(store: QueryStore, topic: T, kinds: readonly QueryKind[], change: ChangeFrame<T>): void {
  const inPlace: Partial<Record<QueryKind, ChangeApplier<T>>> | undefined = IN_PLACE[topic];
  for (const kind of kinds) {
    // Lists read a page at a time register theirs (provider/campaign-pages.ts).
    const apply = inPlace?.[kind] ?? store.applier(topic, kind);
    if (!apply?.(store, change)) store.invalidate(kind);
  }
}

/** Changes were missed (beyond the server's retention, or a bulk import): refetch what is on screen, mark the rest stale. */
export function handleResync(store: QueryStore): void {
  ALL_REFRESHED_KINDS.forEach((kind) => store.invalidate(kind));
}

/** The part of core's realtime client the provider uses (the `realtime` prop takes any such feed). */
export interface RealtimeLike {
  subscribe<T extends RealtimeTopic>(topic: T, onChange: (change: ChangeFrame<T>) => void, filter?: SubscriptionFilter): () => void;
  onResync?(handler: () => void): () => void;
}

/** Subscribes `store` to one topic, for each of its refreshes. */
function follow<T extends RealtimeTopic>(store: QueryStore, realtime: RealtimeLike, topic: T, refreshes: readonly TopicRefresh[]): Array<() => void> {
  return refreshes.map(({ kinds, filter }) => realtime.subscribe(topic, (change) => handleRealtimeChange(store, topic, kinds, change), filter));
}

/**
 * Subscribes `store` to every topic the widgets cache (core's TOPIC_REFRESHES): changes are
 * applied in place or refetch, a resync refetches what is on screen. Returns the unsubscriber.
 * The provider calls it on mount; the `team` benchmark's simulated dashboards call it as is.
 */
export function connectRealtime(store: QueryStore, realtime: RealtimeLike): () => void {
  const topics = Object.keys(TOPIC_REFRESHES) as RealtimeTopic[];
  const offs = topics.flatMap((topic) => follow(store, realtime, topic, TOPIC_REFRESHES[topic]));
  const offResync = realtime.onResync?.(() => handleResync(store));
  return () => {
    offs.forEach((off) => off());
    offResync?.();
  };
}
