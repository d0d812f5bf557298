import { useEffect, useMemo, useState, type RefObject } from 'react';

export interface RowWindow {
  /** First and one-past-last row to draw. */
  start: number;
  end: number;
  /** Top of each row (offsets[i]) and the total height (offsets[n]). */
  offsets: number[];
}

/** offsets[i] is the top of row i, offsets[n] the total height. */
export function prefixSums(heights: readonly number[]): number[] {
  const out = new Array<number>(heights.length + 1);
  out[0] = 0;
  for (let i = 0; i < heights.length; i++) out[i + 1] = out[i]! + heights[i]!;
  return out;
}

/** Index of the row under `y`: the last i with offsets[i] <= y. */
export function rowAt(offsets: readonly number[], y: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/** The rows that cross [top, top + height], with `overscan` more on each side. */
export function windowOf(offsets: readonly number[], top: number, height: number, overscan: number): { start: number; end: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const first = rowAt(offsets, top);
  const last = rowAt(offsets, Math.max(top, top + height - 1));
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) };
}

/**
 * Which rows of a fixed-height list are in view (the Gantt's rows, whose scroller is the
 * list itself). Row heights are known before rendering, so prefix sums and a binary search
 * replace a measuring virtualizer: about 0.6 kB instead of ~10 kB (docs/adr/0022). Lists whose
 * rows size themselves use `useMeasuredRows` (ui/measured-rows.ts) over the same functions.
 * Scroll updates are batched to one per animation frame.
 */
export function useRowWindow(scroller: RefObject<HTMLElement | null>, heights: readonly number[], overscan: number, enabled: boolean): RowWindow {
  const offsets = useMemo(() => prefixSums(heights), [heights]);
  const [view, setView] = useState({ top: 0, height: 0 });
  useEffect(() => {
    const el = scroller.current;
    if (!enabled || !el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    el.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scroller, enabled]);
  const { start, end } = windowOf(offsets, view.top, view.height, overscan);
  return { start, end, offsets };
}
