import { entityOfHistory, type EntityTopic, type HistoryPage, type HistoryResource, type HistorySource, type QueryKey } from '@cadence/core';
import { useCallback, useEffect, useState } from 'react';
import { useCadence } from '../provider/context';
import { useQuery, useQueryKey } from '../provider/use-query';

export type { HistorySource } from '@cadence/core';

const PAGE = 25;

/** The cache key of a history view, of the kind every realtime change refreshes (core's realtime-topics). */
export const historyKey = (source: HistorySource): QueryKey<'history'> => ['history', source];

/** The realtime topic whose changes a resource's rows arrive on: its entity's (`ad-types` → `ad_types`). */
export const topicOf = (resource: HistoryResource): EntityTopic | null => entityOfHistory(resource);

/**
 * Newest entries first, one page, then older pages on `loadOlder`. A refresh (realtime, a write)
 * reloads the first page, which drops the older pages: the new entries are at the top, where the
 * user is looking.
 */
export function useHistory(source: HistorySource | null) {
  const { client, store } = useCadence();
  const key = useQueryKey(source ? historyKey(source) : null);
  const fetchPage = useCallback(
    (cursor?: string): Promise<HistoryPage> => {
      if (!source) return Promise.resolve({ entries: [], next_cursor: null });
      const paging = { limit: PAGE, ...(cursor ? { cursor } : {}) };
      return 'query' in source ? client.history.list({ ...source.query, ...paging }) : client.history.forRow(source.resource, source.id, paging);
    },
    // The key names the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, key],
  );
  const fetcher = useCallback(() => fetchPage(), [fetchPage]);
  const q = useQuery<HistoryPage>(key, fetcher);
  // Opening the view again shows what happened since, even without realtime.
  useEffect(() => {
    if (key) void store.fetch(key, fetcher, { force: true });
  }, [store, key, fetcher]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState(false);
  const loadOlder = useCallback(() => {
    if (!key) return Promise.resolve();
    setLoadingOlder(true);
    setOlderError(false);
    return store.extend<HistoryPage>(key, async (data) => {
      if (!data.next_cursor) return (d) => d;
      const cursor = data.next_cursor;
      const page = await fetchPage(cursor);
      // Merge only onto the pages this one follows (the key may have been reloaded meanwhile).
      return (d) => (d.next_cursor === cursor ? { entries: [...d.entries, ...page.entries], next_cursor: page.next_cursor } : d);
    }).then(
      () => setLoadingOlder(false),
      () => {
        setLoadingOlder(false);
        setOlderError(true);
      },
    );
  }, [store, key, fetchPage]);
  return { ...q, loadOlder, loadingOlder, olderError };
}
