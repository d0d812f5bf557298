import { useCallback, useSyncExternalStore } from 'react';

const media = (query: string): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether a media query matches now, followed as the window changes; false where there is no matchMedia (jsdom, a server). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback((changed: () => void) => {
    const list = media(query);
    list?.addEventListener('change', changed);
    return () => list?.removeEventListener('change', changed);
  }, [query]);
  return useSyncExternalStore(subscribe, () => media(query)?.matches ?? false, () => false);
}
