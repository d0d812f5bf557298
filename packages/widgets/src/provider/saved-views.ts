import type { SavedView, SavedViewCreate, ViewCountsInPlace } from '@cadence/core';
import { applyViewCountsCacheChange } from './view-counts-cache';
import { useCallback, useMemo } from 'react';
import { useCadence } from './context';
import type { ToastInput } from './toast';
import { useQuery } from './use-query';
import { useWrite } from './write';

// useQuery directly rather than resources.ts's useList: the app's side bar is in its first script,
// and useList brings every resource's toasts with it.

/** The caller's saved views and the team's shared ones (docs/architecture.md#saved-views); `enabled` false while signed out. */
export function useSavedViews(enabled = true) {
  const { client } = useCadence();
  const fetcher = useCallback(() => client.views.list(), [client]);
  const onError = useCallback((error: unknown) => console.error('[Cadence] loading saved views failed', error), []);
  return useQuery<SavedView[]>(enabled ? ['savedViews'] : null, fetcher, onError);
}

/**
 * Each visible view's campaign count by view id; a campaign change moves them in place
 * (docs/adr/0034), a view change refetches them (core's TOPIC_REFRESHES).
 */
export function useSavedViewCounts(enabled = true) {
  const { client, store } = useCadence();
  store.setApplier('campaigns', 'savedViewCounts', applyViewCountsCacheChange);
  const fetcher = useCallback((): Promise<ViewCountsInPlace> => client.views.counts(), [client]);
  const onError = useCallback((error: unknown) => console.error('[Cadence] loading saved view counts failed', error), []);
  const query = useQuery<ViewCountsInPlace>(enabled ? ['savedViewCounts'] : null, fetcher, onError);
  return { ...query, data: query.data?.counts };
}

const both = ['savedViews', 'savedViewCounts'] as const;
type Failure = ToastInput | ((error: unknown) => ToastInput | null);

/**
 * Saved-view writes. The list changes at once (a rename or delete) and rolls back on failure;
 * toasts are the caller's, since the app words them and a form shows field errors itself.
 */
export function useSavedViewActions() {
  const write = useWrite();
  return useMemo(() => ({
    create: (body: SavedViewCreate, toasts: { success?: ToastInput; failure: Failure }) =>
      write({ call: (c) => c.views.create(body), ...toasts, invalidate: both }),
    rename: (view: SavedView, name: string, toasts: { success?: ToastInput; failure: Failure }) =>
      write({
        call: (c) => c.views.update(view.id, { name }, { version: view.version }), ...toasts, invalidate: ['savedViews'],
        optimistic: { keys: 'savedViews', apply: (l: SavedView[]) => l.map((v) => (v.id === view.id ? { ...v, name } : v)) },
      }),
    remove: (view: SavedView, toasts: { success?: ToastInput; failure: Failure }) =>
      write({
        call: (c) => c.views.remove(view.id, { version: view.version }), ...toasts, invalidate: both,
        optimistic: { keys: 'savedViews', apply: (l: SavedView[]) => l.filter((v) => v.id !== view.id) },
      }),
    /** Undo of `remove`: the same view, same id (links keep working) and same owner. */
    restore: (view: SavedView, toasts: { success?: ToastInput; failure: Failure }) =>
      write({ call: (c) => c.views.restore(view.id), ...toasts, invalidate: both }),
  }), [write]);
}
