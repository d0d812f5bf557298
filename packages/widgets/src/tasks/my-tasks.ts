import { todayYmd, type MyTaskCounts as MyTaskCountsAnswer, type QueryKey, type Task, type TaskListStatus } from '@cadence/core';
import { useCallback, useMemo, useState } from 'react';
import { TASK_TOASTS } from '../messages';
import { useCadence, type CadenceContextValue } from '../provider/context';
import { useQuery, useQueryKey } from '../provider/use-query';

/** Rows per request of My work; a refetch reads as many as were loaded, in one request. */
export const MY_WORK_PAGE_SIZE = 50;
const MAX_LIMIT = 10_000;

interface Pages {
  items: Task[];
  nextCursor: string | null;
}

/** `q`, the search text, is in the key only when there is one: the prefetched first page is the unsearched one. */
export const myWorkKey = (status: TaskListStatus, limit: number, q = ''): QueryKey<'myTasks'> => ['myTasks', { assignee: 'me', status, limit, ...(q ? { q } : {}) }];

type Cadence = Pick<CadenceContextValue, 'client' | 'store'>;

/** Reads My work's first page, or as many rows as were loaded (a refetch keeps what was shown). */
const readMyWork = ({ client, store }: Cadence, key: QueryKey<'myTasks'>, status: TaskListStatus, pageSize: number, q = '') => async (): Promise<Pages> => {
  const loaded = store.get<Pages>(key).data?.items.length ?? 0;
  return client.tasks.minePage({ assignee: 'me', status, limit: Math.min(MAX_LIMIT, Math.max(pageSize, loaded)), ...(q ? { q } : {}) });
};

/**
 * Starts reading My work before its page renders (on the click or hover of a link to it), so the
 * request runs while the page's code loads and the old page unmounts; the page then finds it in
 * flight or cached. Does nothing when it is cached and fresh.
 */
export function prefetchMyWork(cadence: Cadence, status: TaskListStatus = 'open'): void {
  const key = myWorkKey(status, MY_WORK_PAGE_SIZE);
  void cadence.store.fetch(key, readMyWork(cadence, key, status, MY_WORK_PAGE_SIZE)).catch(() => undefined);
}

/**
 * The caller's tasks across campaigns (`tasks.minePage`), a page at a time, by due date (undated
 * last), those whose title or campaign holds `search` when it is given (searched by the server,
 * so every task is searched, not the pages loaded). Task and campaign changes refetch it
 * (TOPIC_REFRESHES), reading what was loaded.
 */
export function useMyWork(status: TaskListStatus, search = '', pageSize = MY_WORK_PAGE_SIZE) {
  const { client, store, toast } = useCadence();
  const key = useQueryKey(myWorkKey(status, pageSize, search));
  const fetcher = useCallback(() => readMyWork({ client, store }, key, status, pageSize, search)(), [client, store, key, status, pageSize, search]);
  const onError = useCallback((error: unknown) => {
    console.error('[Cadence] loading my tasks failed', error);
    toast(TASK_TOASTS.loadError);
  }, [toast]);
  const q = useQuery<Pages>(key, fetcher, onError);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const loadMore = useCallback(() => {
    const cursor = store.get<Pages>(key).data?.nextCursor;
    if (!cursor || store.isExtending(key)) return;
    setLoadingMore(true);
    setMoreFailed(false);
    store
      .extend<Pages>(key, async () => {
        const page = await client.tasks.minePage({ assignee: 'me', status, limit: pageSize, cursor, ...(search ? { q: search } : {}) });
        // A page read for an older cursor (the list was reloaded meanwhile) is dropped.
        return (pages) => (pages.nextCursor !== cursor ? pages : { items: [...pages.items, ...page.items.filter((t) => !pages.items.some((x) => x.id === t.id))], nextCursor: page.nextCursor });
      })
      .catch((error: unknown) => {
        console.error('[Cadence] loading more tasks failed', error);
        setMoreFailed(true);
      })
      .finally(() => setLoadingMore(false));
  }, [client, store, key, status, pageSize, search]);
  return { status: q.status, items: q.data?.items ?? [], hasMore: !!q.data?.nextCursor, loadingMore, moreFailed, loadMore, refetch: q.refetch };
}

const logCountsError = (error: unknown) => console.error('[Cadence] counting my tasks failed', error);

export interface MyTaskCounts {
  /** My open tasks; undefined while loading. */
  open: number | undefined;
  /** Of those, the ones due before today (the viewer's). */
  overdue: number | undefined;
}

/**
 * How many open tasks are assigned to the caller, and how many are overdue on the viewer's today:
 * for a side bar's "My work" entry. Counted by the server (`tasks.counts`), so ten thousand tasks
 * cost one small answer, not the list.
 */
export function useMyTaskCounts(enabled = true): MyTaskCounts {
  const { client, now } = useCadence();
  const today = todayYmd(now());
  const key = useQueryKey<QueryKey<'myTaskCounts'>>(enabled ? ['myTaskCounts', { assignee: 'me', status: 'open', today }] : null);
  const fetcher = useCallback(() => client.tasks.counts({ assignee: 'me', status: 'open', today }), [client, today]);
  const q = useQuery<MyTaskCountsAnswer>(key, fetcher, logCountsError);
  return useMemo(() => (q.data ? { open: q.data.count, overdue: q.data.overdue ?? 0 } : { open: undefined, overdue: undefined }), [q.data]);
}
