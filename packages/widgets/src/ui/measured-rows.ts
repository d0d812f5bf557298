import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { prefixSums, windowOf } from './row-window';

export interface MeasuredRows {
  /** First and one-past-last row to draw. */
  start: number;
  end: number;
  /** Space kept above the first drawn row and below the last, so the scroll height is the whole list's. */
  before: number;
  after: number;
  /** Ref callback of a drawn row: its height replaces the estimate. */
  measure: (key: string) => (el: HTMLElement | null) => void;
}

/** The element crossing a shadow root to its host, as a scroll container can sit outside the widget. */
const parentOf = (el: Element): Element | null =>
  el.parentElement ?? (el.parentNode instanceof ShadowRoot ? el.parentNode.host : null);

/** The nearest ancestor that scrolls (a card's 400 px box, a dialog), or null for the page. */
export function scrollParent(el: Element): HTMLElement | null {
  for (let p = parentOf(el); p && p !== document.documentElement && p !== document.body; p = parentOf(p)) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY === 'auto' || overflowY === 'scroll') return p as HTMLElement;
  }
  return null;
}

/**
 * The part of `list` that is on screen, in the list's own coordinates: where it crosses its
 * scroll container and the viewport. Works alike for a box that scrolls and for the page.
 */
function visiblePart(list: HTMLElement, scroller: HTMLElement | null): { top: number; height: number } {
  const box = list.getBoundingClientRect();
  const clip = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  const top = Math.max(clip.top, 0);
  const bottom = Math.min(clip.bottom, window.innerHeight);
  return { top: top - box.top, height: Math.max(0, bottom - top) };
}

/**
 * Which rows of a list whose rows size themselves are on screen (docs/adr/0022). Rows are
 * drawn at an estimated height, measured once drawn (ResizeObserver) and remembered by key, so
 * a row inserted above does not shift what was measured. The list scrolls inside whatever
 * scrolls it: its nearest scrolling ancestor, else the page. Updates are batched per frame.
 */
export function useMeasuredRows(list: RefObject<HTMLElement | null>, keys: readonly string[], estimate: number, overscan: number): MeasuredRows {
  const sizes = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [view, setView] = useState({ top: 0, height: 0 });
  const frame = useRef(0);

  const read = useCallback(() => {
    frame.current = 0;
    const el = list.current;
    if (!el) return;
    const next = visiblePart(el, scrollParent(el));
    setView((v) => (v.top === next.top && v.height === next.height ? v : next));
  }, [list]);
  const schedule = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(read);
  }, [read]);

  const observer = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null;
    return new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        const key = el.dataset.rowKey;
        const height = el.offsetHeight;
        if (key !== undefined && height > 0 && sizes.current.get(key) !== height) {
          sizes.current.set(key, height);
          changed = true;
        }
      }
      if (changed) setMeasured((n) => n + 1);
    });
  }, []);
  useEffect(() => () => observer?.disconnect(), [observer]);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const scroller = scrollParent(el);
    // Capture: the page's scroll and any scrolling ancestor's reach the window this way.
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule, { passive: true });
    scroller?.addEventListener('scroll', schedule, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resize?.observe(el);
    if (scroller) resize?.observe(scroller);
    return () => {
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      scroller?.removeEventListener('scroll', schedule);
      resize?.disconnect();
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [list, schedule]);
  // Rows added or measured move what is below them: look again after each such render.
  useLayoutEffect(read, [read, keys.length, measured]);

  const offsets = useMemo(
    () => prefixSums(keys.map((k) => sizes.current.get(k) ?? estimate)),
    [keys, estimate, measured], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const { start, end } = windowOf(offsets, view.top, view.height, overscan);
  const total = offsets[keys.length] ?? 0;

  const drawn = useRef(new Map<string, HTMLElement>());
  // One stable callback per key, so React does not detach and attach every row on each render.
  const callbacks = useRef(new Map<string, (el: HTMLElement | null) => void>());
  const attach = useCallback(
    (key: string, el: HTMLElement | null) => {
      const before = drawn.current.get(key);
      if (before === el) return;
      if (before) observer?.unobserve(before);
      if (!el) {
        drawn.current.delete(key);
        return;
      }
      el.dataset.rowKey = key;
      drawn.current.set(key, el);
      observer?.observe(el);
    },
    [observer],
  );
  const measure = useCallback(
    (key: string) => {
      let cb = callbacks.current.get(key);
      if (!cb) {
        cb = (el) => attach(key, el);
        callbacks.current.set(key, cb);
      }
      return cb;
    },
    [attach],
  );
  return { start, end, before: offsets[start] ?? 0, after: total - (offsets[end] ?? total), measure };
}
