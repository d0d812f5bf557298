/**
 * My work at team scale (issue 32): the built server on PostgreSQL with `campaigns` campaigns and
 * `tasks` tasks spread over them, all assigned to the signed-in administrator, in the real SPA.
 * Tasks are written by SQL (the API would take minutes for ten thousand): the rows are what the
 * routes write, ranks are fractional-indexing keys, and the summary triggers run as for any write.
 *
 * - Ready: from the click on the side bar's "My work" link to the frame that shows the first
 *   group's tasks (its route's code loaded on demand, as a user meets it).
 * - Scroll: "Load more tasks" until `loadedTarget` tasks are on the page, then a scroll through
 *   them one step per frame, with the long tasks that started meanwhile.
 */
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { signedIn, ADMIN, type LongTask } from './team-scale.js';

/** `perCampaign` tasks on each campaign, due from three weeks ago to two months ahead, a fifth of them done. */
export async function seedMyTasks(databaseUrl: string, perCampaign: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query(
      `INSERT INTO tasks (campaign_id, title, assignee_id, due_date, status, required, rank, created_by)
       SELECT c.id, 'Task ' || n || ' of ' || left(c.title, 60), u.id,
              current_date + ((abs(hashtext(c.id::text || n::text)) % 80) - 20),
              CASE WHEN n % 5 = 0 THEN 'done' WHEN n % 3 = 0 THEN 'in_progress' ELSE 'todo' END,
              n % 2 = 0, 'a' || n, u.id
       FROM campaigns c CROSS JOIN generate_series(0, $1 - 1) AS n
       CROSS JOIN (SELECT id FROM users WHERE email = $2) AS u`,
      [perCampaign, ADMIN.email],
    );
    return res.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

export interface MyWorkRun {
  /** ms from the click to the frame with the first tasks. */
  ready: number;
  /** What the click fetched, ms after it: the route's code and the API requests. */
  fetched: Array<{ name: string; start: number; end: number }>;
  /** Task rows on the page once ready. */
  firstRows: number;
  /** Task rows when the scroll began, after "Load more tasks". */
  loaded: number;
  loadMoreClicks: number;
  steps: number;
  distance: number;
  longTasks: LongTask[];
  worstFrame: number;
}

const READY = `document.querySelectorAll('.cad-my-work .cad-task').length > 0 && !document.querySelector('.cad-my-work[aria-busy="true"]')`;

export function myWorkOnce(browser: Browser, base: string, loadedTarget: number, steps: number, stepPx: number): Promise<MyWorkRun> {
  return signedIn(browser, base, async (page) => {
    const timed = await page.evaluate(
      (ready) =>
        new Promise<{ ready: number; firstRows: number; fetched: Array<{ name: string; start: number; end: number }> }>((resolve, reject) => {
          const isReady = new Function(`return (${ready})`) as () => boolean;
          const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href="/my-work"]')][0];
          if (!link) return reject(new Error('no My work link in the side bar'));
          const t0 = performance.now();
          const deadline = t0 + 30_000;
          link.click();
          const check = () => {
            if (performance.now() > deadline) return reject(new Error('My work was not ready within 30 s'));
            if (!isReady()) return requestAnimationFrame(check);
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              // What the click fetched (the route's code, the API), relative to the click: where the time went.
              const fetched = performance
                .getEntriesByType('resource')
                .filter((e) => e.startTime >= t0)
                .map((e) => ({ name: new URL(e.name).pathname.replace(/^.*\//, '') + new URL(e.name).search, start: Math.round(e.startTime - t0), end: Math.round((e as PerformanceResourceTiming).responseEnd - t0) }));
              for (const t of window.__teamLongTasks.filter((l) => l.start >= t0 - 1)) fetched.push({ name: 'long task', start: Math.round(t.start - t0), end: Math.round(t.start + t.duration - t0) });
              channel.port1.onmessage = () => resolve({ ready: performance.now() - t0, firstRows: document.querySelectorAll('.cad-my-work .cad-task').length, fetched });
              channel.port2.postMessage(0);
            });
          };
          check();
        }),
      READY,
    );
    let clicks = 0;
    const more = page.getByRole('button', { name: 'Load more tasks' });
    while ((await page.locator('.cad-my-work .cad-task').count()) < loadedTarget && (await more.isVisible())) {
      const before = await page.locator('.cad-my-work .cad-task').count();
      await more.click();
      clicks += 1;
      await page.waitForFunction((n) => document.querySelectorAll('.cad-my-work .cad-task').length > n, before, { timeout: 30_000 });
    }
    await page.waitForTimeout(500);
    const scroll = await page.evaluate(
      async ({ steps, stepPx }) => {
        const list = document.querySelector('.cad-my-work')!;
        let el: HTMLElement | null = list.parentElement;
        while (el && el !== document.body) {
          const o = getComputedStyle(el).overflowY;
          if ((o === 'auto' || o === 'scroll') && el.scrollHeight > el.clientHeight) break;
          el = el.parentElement;
        }
        const scroller = el && el !== document.body ? el : (document.scrollingElement as HTMLElement);
        const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
        const loaded = list.querySelectorAll('.cad-task').length;
        const t0 = performance.now();
        const top0 = scroller.scrollTop;
        let last = await frame();
        let worstFrame = 0;
        for (let i = 1; i <= steps; i++) {
          scroller.scrollTop = top0 + i * stepPx;
          const t = await frame();
          worstFrame = Math.max(worstFrame, t - last);
          last = t;
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { loaded, steps, distance: scroller.scrollTop - top0, longTasks: window.__teamLongTasks.filter((t) => t.start >= t0), worstFrame };
      },
      { steps, stepPx },
    );
    return { ...timed, ...scroll, loadMoreClicks: clicks };
  });
}
