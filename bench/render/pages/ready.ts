/**
 * In-page instrumentation shared by every contender of the render suite.
 *
 * Time to ready: `performance.now()` (milliseconds since navigation start, so HTML, script
 * download, parse and evaluation all count) taken in the first task after the first
 * animation frame that follows the DOM mutation making `isReady()` true: rAF callbacks run
 * before style, layout and paint, and a message posted from one is delivered after that
 * frame has been rendered. The predicate is checked on every DOM mutation batch
 * (MutationObserver), so it is met in the same task that inserted the elements.
 */

export interface LongTask {
  start: number;
  duration: number;
}

export interface BenchResult {
  /** ms from navigation start to the frame that painted the events. */
  ready: number;
  /** ms from navigation start to the mutation that completed the events in the DOM. */
  dom: number;
  /** Elements in the document once ready. */
  nodes: number;
  /** Event elements once ready (the contender's own selector). */
  events: number;
  /** The same count half a second later, to catch a contender that keeps rendering. */
  eventsLater?: number;
}

declare global {
  interface Window {
    __bench?: BenchResult;
    __longTasks: LongTask[];
  }
}

window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
} catch {
  // No long task API: the scroll measurement reports none.
}

export interface ReadyOptions {
  /** True once the contender's events are in the DOM. */
  isReady: () => boolean;
  /** The contender's event elements. */
  eventSelector: string;
  /** Count again 500 ms after ready (off in timed samples). */
  settle?: boolean;
}

export function whenReady({ isReady, eventSelector, settle }: ReadyOptions): void {
  let done = false;
  const count = () => document.querySelectorAll(eventSelector).length;
  const check = () => {
    if (done || !isReady()) return;
    done = true;
    observer.disconnect();
    const dom = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const result: BenchResult = { ready: performance.now(), dom, nodes: document.querySelectorAll('*').length, events: count() };
        if (!settle) {
          window.__bench = result;
          return;
        }
        setTimeout(() => (window.__bench = { ...result, eventsLater: count() }), 500);
      };
      channel.port2.postMessage(0);
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  check();
}

export const settleRequested = (): boolean => new URLSearchParams(location.search).has('settle');

export interface ScrollFigures {
  distance: number;
  steps: number;
  elapsed: number;
  longTasks: LongTask[];
  worstFrame: number;
  barsAtEnd: number;
}

declare global {
  interface Window {
    __scroll: (steps: number, barSelector: string) => Promise<ScrollFigures>;
  }
}

/**
 * Scrolls the page's tallest scrolling element from top to bottom in `steps` equal jumps,
 * one per animation frame, and returns the long tasks that started meanwhile.
 */
window.__scroll = async (steps, barSelector) => {
  const candidates = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
    const o = getComputedStyle(el).overflowY;
    return (o === 'auto' || o === 'scroll') && el.scrollHeight > el.clientHeight + 100;
  });
  const el = candidates.sort((a, b) => b.scrollHeight - a.scrollHeight)[0];
  if (!el) throw new Error('nothing to scroll');
  const distance = el.scrollHeight - el.clientHeight;
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const t0 = performance.now();
  let last = await frame();
  let worstFrame = 0;
  for (let i = 1; i <= steps; i++) {
    el.scrollTop = Math.round((distance * i) / steps);
    const t = await frame();
    worstFrame = Math.max(worstFrame, t - last);
    last = t;
  }
  // A long task is reported once it has ended: give the observer a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    distance,
    steps,
    elapsed: performance.now() - t0,
    longTasks: window.__longTasks.filter((t) => t.start >= t0),
    worstFrame,
    barsAtEnd: document.querySelectorAll(barSelector).length,
  };
};
