/**
 * `drag`: what a drag costs while it runs. A real mouse (CDP input events, one move per
 * frame) picks up a campaign and drags it across Cadence's month view holding 1,000
 * campaigns, react-big-calendar's with its drag-and-drop add-on holding the same ones, and
 * Cadence's Gantt holding 10,000 rows, in the render suite's pages and harness.
 *
 * - Longest task while dragging: every long task (> 50 ms) that started between the press and
 *   the release; 0 when there was none. Budget: none (≤ 50 ms).
 * - Ghost lag: each time the pointer crosses into another day, the animation frames from that
 *   pointer event to the first frame after the page's DOM changed in answer (the ghost, the
 *   highlighted cell, the moved bar): 1 when the answer is painted in the very next frame.
 *   Median over the crossings of every run; budget: within one frame (≤ 1). Counted in frames,
 *   not milliseconds, so a machine whose frames run a little long is not judged on that.
 */
import type { Browser, Page } from 'playwright-core';
import { buildPages, OUT_DIR } from '../render/build.js';
import { VIEWPORT, launchChromium, serveDir } from '../render/measure.js';
import { median, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

interface DragPlan {
  runs: number;
  calendarN: number;
  ganttN: number;
  steps: number;
}
const FULL: DragPlan = { runs: 5, calendarN: 1_000, ganttN: 10_000, steps: 60 };
const QUICK: DragPlan = { runs: 1, calendarN: 100, ganttN: 500, steps: 20 };

type Kind = 'cadence-calendar' | 'rbc-dnd-calendar' | 'cadence-gantt';

interface DragFigures {
  /** ms from each day crossing to the frame after the DOM answered it. */
  lags: number[];
  /** The same in animation frames: 1 = painted in the next frame. */
  frameLags: number[];
  crossings: number;
  longTasks: number[];
}

/** In the page: watch crossings, DOM changes, frames and long tasks until `__dragStop()`. */
function installWatch(kind: Kind, x0: number, dayPx: number): void {
  type Watch = { crossings: number[]; mutations: number[]; frames: number[]; long: number[]; cell: string | null; stop: boolean };
  const w: Watch = { crossings: [], mutations: [], frames: [], long: [], cell: null, stop: false };
  const cellOf = (x: number, y: number): string | null => {
    if (kind === 'cadence-gantt') return String(Math.round((x - x0) / dayPx));
    const els = document.elementsFromPoint(x, y);
    if (kind === 'cadence-calendar') return (els.find((e) => e.hasAttribute('data-day')) as HTMLElement | undefined)?.dataset.day ?? null;
    const bg = els.find((e) => e.classList.contains('rbc-day-bg'));
    return bg ? String([...document.querySelectorAll('.rbc-day-bg')].indexOf(bg)) : null;
  };
  window.addEventListener(
    'pointermove',
    (e) => {
      if (w.stop) return;
      const c = cellOf(e.clientX, e.clientY);
      if (c !== w.cell) {
        if (w.cell !== null) w.crossings.push(e.timeStamp);
        w.cell = c;
      }
    },
    true,
  );
  new MutationObserver(() => w.mutations.push(performance.now())).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  const loop = () => {
    w.frames.push(performance.now());
    if (!w.stop) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  const t0 = performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.startTime >= t0) w.long.push(e.duration);
  }).observe({ type: 'longtask' });
  (window as unknown as { __drag: Watch }).__drag = w;
}

/** In the page: stop watching and turn the records into lags. */
function readWatch(): DragFigures {
  const w = (window as unknown as { __drag: { crossings: number[]; mutations: number[]; frames: number[]; long: number[]; stop: boolean } }).__drag;
  w.stop = true;
  const lags: number[] = [];
  const frameLags: number[] = [];
  for (const t of w.crossings) {
    const m = w.mutations.find((x) => x >= t);
    const f = m === undefined ? undefined : w.frames.find((x) => x >= m);
    if (f === undefined) continue;
    lags.push(f - t);
    frameLags.push(w.frames.filter((x) => x > t && x <= f).length);
  }
  return { lags, frameLags, crossings: w.crossings.length, longTasks: w.long };
}

const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

/** Where a drag starts and ends, in viewport pixels, and the Gantt's pixels per day. */
async function plan(page: Page, kind: Kind) {
  return page.evaluate((kind) => {
    const centre = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + Math.min(r.width / 2, 30), y: r.top + r.height / 2 };
    };
    if (kind === 'cadence-gantt') {
      const bar = document.querySelector('.cad-gantt__bar--movable')!;
      const track = bar.closest('.cad-gantt__track')!.getBoundingClientRect();
      const dayPx = track.width / 91; // Q2 2026: April to June
      const from = centre(bar);
      return { from, to: { x: Math.min(from.x + 30 * dayPx, track.right - 10), y: from.y }, dayPx };
    }
    const source = kind === 'cadence-calendar' ? document.querySelector('[data-day="2026-03-02"] .cad-chip--movable') : document.querySelector('.rbc-month-row .rbc-event');
    if (!source) throw new Error(`${kind}: nothing to drag`);
    const from = centre(source);
    // Three weeks down and five days across: about two dozen day crossings.
    const grid = (kind === 'cadence-calendar' ? document.querySelector('[role="grid"]') : document.querySelector('.rbc-month-view'))!.getBoundingClientRect();
    return { from, to: { x: Math.min(from.x + (5 * grid.width) / 7, grid.right - 20), y: Math.min(from.y + (3 * grid.height) / 6.5, grid.bottom - 20) }, dayPx: 0 };
  }, kind);
}

async function dragOnce(browser: Browser, url: string, kind: Kind, steps: number): Promise<DragFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  try {
    // tsx names the functions it compiles with a `__name` helper; the page needs it too.
    await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __bench?: unknown }).__bench, null, { timeout: 60_000, polling: 100 });
    await page.waitForTimeout(500); // the load's own work is not the drag's
    const { from, to, dayPx } = await plan(page, kind);
    // The watchers run in the page, passed as source (they close over nothing of Node's).
    await page.evaluate(`(${installWatch.toString()})(${JSON.stringify(kind)}, ${from.x}, ${dayPx})`);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) {
      await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
      await nextFrame(page);
    }
    await page.mouse.up();
    await page.waitForTimeout(300); // a long task is reported once it has ended
    return (await page.evaluate(`(${readWatch.toString()})()`)) as DragFigures;
  } finally {
    await context.close();
  }
}

export const dragSuite: Suite = {
  name: 'drag',
  description: 'dragging a campaign across a month of 1,000 (vs react-big-calendar + dragAndDrop) and a Gantt of 10,000 rows, in Chromium: long tasks and ghost lag',
  async run(ctx) {
    const p = ctx.quick ? QUICK : FULL;
    ctx.log('bundling the pages (esbuild, production, minified)');
    await buildPages();
    const server = await serveDir(OUT_DIR);
    const browser = await launchChromium();
    try {
      const runs = async (kind: Kind, n: number) => {
        const out: DragFigures[] = [];
        for (let i = 0; i < p.runs; i++) out.push(await dragOnce(browser, `${server.url}/${kind}.html?n=${n}`, kind, p.steps));
        const lags = out.flatMap((r) => r.lags);
        const frames = out.flatMap((r) => r.frameLags);
        const longest = out.map((r) => Math.max(0, ...r.longTasks));
        ctx.log(`${kind} n=${n}: lag median ${median(frames)} frame(s), ${round(median(lags))} ms over ${lags.length} crossings; longest task per run ${longest.map(round).join('/')} ms`);
        if (!lags.length) throw new Error(`${kind}: the drag crossed no day (nothing was picked up?)`);
        const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;
        return { frames: median(frames), framesP95: p95(frames), lag: median(lags), lagP95: p95(lags), longest, crossings: lags.length };
      };
      const cal = await runs('cadence-calendar', p.calendarN);
      const rbc = await runs('rbc-dnd-calendar', p.calendarN);
      const gantt = await runs('cadence-gantt', p.ganttN);
      const text = (r: typeof cal) =>
        `median ${r.frames} frame(s) = ${round(r.lag)} ms (p95 ${r.framesP95} frame(s), ${round(r.lagP95)} ms) over ${r.crossings} day crossings; longest task per run ${r.longest.map(round).join('/')} ms`;
      const n = (x: number) => x.toLocaleString('en-US');
      return [
        {
          suite: 'drag', name: `calendar month, ${n(p.calendarN)} campaigns: longest task while dragging`, unit: 'ms',
          ours: round(median(cal.longest)), budget: { on: 'value', op: '<=', limit: 50 },
          detail: `median over ${p.runs} drag(s) of the longest task (0 = none over 50 ms); ours: ${text(cal)}; react-big-calendar + dragAndDrop (same harness): ${text(rbc)}`,
        },
        {
          suite: 'drag', name: `calendar month, ${n(p.calendarN)} campaigns: ghost lag`, unit: 'frames',
          ours: cal.frames, peer: { name: 'react-big-calendar + dragAndDrop', value: rbc.frames },
          budget: { on: 'value', op: '<=', limit: 1 },
          detail: `pointer event crossing into another day → first frame after the DOM answered; budget one frame; ours: ${text(cal)}; peer: ${text(rbc)}`,
        },
        {
          suite: 'drag', name: `gantt ${n(p.ganttN)} rows: longest task while dragging`, unit: 'ms',
          ours: round(median(gantt.longest)), budget: { on: 'value', op: '<=', limit: 50 },
          detail: `median over ${p.runs} drag(s) of a bar 30 days along; ${text(gantt)}`,
        },
        {
          suite: 'drag', name: `gantt ${n(p.ganttN)} rows: bar lag`, unit: 'frames',
          ours: gantt.frames, budget: { on: 'value', op: '<=', limit: 1 },
          detail: `pointer event moving the bar by a day → first frame after the DOM answered; ${text(gantt)}`,
        },
      ] satisfies BenchRow[];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
