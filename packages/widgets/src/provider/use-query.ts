import type { QueryKey } from '@cadence/core';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useCadence } from './context';
import type { QuerySnapshot } from './query-store';

/** Reads `key` from the provider's cache, fetching it on first use. */
export function useQuery<T>(
  key: QueryKey | null,
  fetcher: () => Promise<T>,
  onError?: (error: unknown) => void,
): QuerySnapshot<T> & { refetch: () => void } {
  const { store } = useCadence();
  const k = key ?? '';
  const snapshot = useSyncExternalStore(
    useCallback((listener) => (key ? store.subscribe(k, listener) : () => {}), [store, k, key]),
    () => store.get<T>(k),
    () => store.get<T>(k),
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
