import { useLayoutEffect, useState } from 'react';

/** Below this width a widget uses its phone layout (the app's and the embed's own width, not the screen's). */
export const NARROW_WIDTH = 768;

/**
 * A ref callback for an element, and whether it is narrower than `NARROW_WIDTH`. Measured on
 * the element, not the viewport, because a widget embedded in an intranet page's side column is
 * a phone-sized widget on a desktop screen. The element may mount later than the hook's
 * component (after loading); an element with no layout (width 0, as in jsdom) counts as wide.
 */
export function useNarrow<T extends HTMLElement>(): [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => {
      const width = el.getBoundingClientRect().width;
      setNarrow(width > 0 && width < NARROW_WIDTH);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, narrow];
}
