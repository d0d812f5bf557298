import { prefetchMyWork, useCadence } from '@cadence/widgets';
import { useCallback } from 'react';
import { preloadRouteOf } from './route-preload';

/**
 * What following a link will need, started on the user's intent (pointer over it, focus, the
 * click itself) rather than after the next page renders: its route's code, and for My work its
 * first page of tasks. The declarative router has no loaders (docs/adr/0048), so this is where
 * a page's data starts as its code does.
 */
export function usePrefetch(): (pathname: string) => void {
  const { client, store } = useCadence();
  return useCallback(
    (pathname: string) => {
      preloadRouteOf(pathname);
      if (pathname === '/my-work') prefetchMyWork({ client, store });
    },
    [client, store],
  );
}
