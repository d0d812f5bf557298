import { queryKeyHash, type QueryKey } from '@cadence/core';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useCadence } from './context';
import { IDLE, type QuerySnapshot } from './query-store';

/**
 * The same key object for as long as its parameters stay the same: keys are made afresh on each
 * render, and effects, callbacks and the store's subscription depend on them.
 */
export function useQueryKey<K extends QueryKey>(key: K): K;
export function useQueryKey<K extends QueryKey>(key: K | null): K | null;
export function useQueryKey<K extends QueryKey>(key: K | null): K | null {
  const hash = key ? queryKeyHash(key) : null;
  // The hash names the key; a new tuple with the same parameters is the same key.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => key, [hash]);
}

/** Reads `key` from the provider's cache, fetching it on first use. */
export function useQuery<T>(
  queryKey: QueryKey | null,
  fetcher: () => Promise<T>,
  onError?: (error: unknown) => void,
): QuerySnapshot<T> & { refetch: () => void } {
  const { store } = useCadence();
  const key = useQueryKey(queryKey);
  const snapshot = useSyncExternalStore(
    useCallback((listener) => (key ? store.subscribe(key, listener) : () => {}), [store, key]),
    () => (key ? store.get<T>(key) : IDLE),
    () => (key ? store.get<T>(key) : IDLE),
  );
  useEffect(() => {
    if (key) void store.fetch(key, fetcher, onError ? { onError } : {});
    // The key names the request; a new fetcher for the same key is the same request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, key]);
  const refetch = useCallback(() => {
    if (key) void store.fetch(key, fetcher, { force: true, ...(onError ? { onError } : {}) });
  }, [store, key, fetcher, onError]);
  return { ...snapshot, refetch };
}
