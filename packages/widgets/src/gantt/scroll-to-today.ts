import { dayLeftPercent, type Ymd, type YmdSpan } from '@cadence/core';
import { useLayoutEffect, type RefObject } from 'react';

/** How far into the visible track today lands: a little of the past stays in view. */
const TODAY_AT = 0.25;

/**
 * On a chart narrower than its track (a phone, ADR 24), a new range opens scrolled to today
 * when today is in it, so the first thing shown is what is happening now, not the range's
 * first weeks; otherwise it opens at the range's start. A chart that fits does nothing.
 */
export function useScrollToToday(scroller: RefObject<HTMLElement | null>, range: YmdSpan, today: Ymd, narrow: boolean): void {
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !narrow || el.scrollWidth <= el.clientWidth) return;
    const percent = dayLeftPercent(today, range);
    const labelPx = el.querySelector<HTMLElement>('.cad-gantt__label')?.offsetWidth ?? 0;
    const trackPx = el.scrollWidth - labelPx;
    const visiblePx = el.clientWidth - labelPx;
    el.scrollLeft = percent === null ? 0 : Math.max(0, (percent / 100) * trackPx - visiblePx * TODAY_AT);
  }, [scroller, range.start, range.end, today, narrow]); // eslint-disable-line react-hooks/exhaustive-deps
}
