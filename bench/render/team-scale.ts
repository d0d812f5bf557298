/**
 * The app at team scale, in Chromium (docs/performance.md): the built server on PostgreSQL holding 10,000
 * campaigns, and the real SPA it serves, signed in as an administrator (who reads everything).
 * Nothing is faked: the pages, their requests, pagination and counts are the product's own.
 *
 * - Channels tab: from the click on the tab to the frame that shows all twelve cards with their
 *   counts and their first rows (or the empty text), and the document's element count then.
 * - Campaign List: the same to the first cards, then a scroll through the list, one step per
 *   frame, with the long tasks (PerformanceObserver 'longtask') that started meanwhile.
 * - Dashboard first load: the bytes of every `/api/` answer from navigation until the network is
 *   idle (decoded bodies, i.e. the JSON itself whatever the transfer encoding).
 */
import type { Browser, Page } from 'playwright-core';
import { campaignRows, campaignsCsv } from '../suites/http.js';
import { createScratchDatabase, type ScratchDatabase } from '../lib/pg.js';
import { startBenchServer, type BenchServer } from '../lib/server.js';
import { VIEWPORT } from './measure.js';

export const ADMIN = { email: 'bench-lists@example.com', password: 'bench-password-1' };

export interface TeamInstall {
  url: string;
  /** The scratch database, for seeding what the API would take long to write (bench/render/my-work.ts). */
  databaseUrl: string;
  count: number;
  close(): Promise<void>;
}

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.headers as object) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** A server on a scratch database with `count` campaigns (the http suite's rows, imported as CSV). */
export async function startTeamInstall(pgAdminUrl: string, count: number): Promise<TeamInstall> {
  let db: ScratchDatabase | undefined;
  let server: BenchServer | undefined;
  try {
    db = await createScratchDatabase(pgAdminUrl, 'cadence_bench_lists');
    server = await startBenchServer({ databaseUrl: db.url });
    await json(`${server.url}/api/auth/signup`, { method: 'POST', body: JSON.stringify(ADMIN) });
    const { access_token: token } = await json<{ access_token: string }>(`${server.url}/api/auth/signin`, { method: 'POST', body: JSON.stringify(ADMIN) });
    const rows = campaignRows(count);
    for (let i = 0; i < rows.length; i += 2_000) {
      await json(`${server.url}/api/campaigns/import`, { method: 'POST', token, headers: { 'Content-Type': 'text/csv' }, body: campaignsCsv(rows.slice(i, i + 2_000)) });
    }
  } catch (err) {
    await server?.stop();
    await db?.drop();
    throw err;
  }
  const s = server;
  const d = db;
  return {
    url: s.url,
    databaseUrl: d.url,
    count,
    async close() {
      await s.stop();
      await d.drop();
    },
  };
}

export interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __teamLongTasks: LongTask[];
  }
}

/** A fresh context, signed in through the sign-in page, on the dashboard with its data shown. */
export async function signedIn<T>(browser: Browser, base: string, fn: (page: Page) => Promise<T>, viewport = VIEWPORT): Promise<T> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, baseURL: base });
  try {
    // tsx (esbuild keepNames) wraps named functions in `__name(…)`; the functions this file hands
    // to page.evaluate run in the page, where that helper does not exist.
    await context.addInitScript('window.__name = (fn) => fn;');
    await context.addInitScript(() => {
      window.__teamLongTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__teamLongTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no long task API
      }
    });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('tab', { name: 'Channels' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return await fn(page);
  } finally {
    await context.close();
  }
}

export interface TabReady {
  /** ms from the click on the tab to the frame that painted it ready. */
  ready: number;
  /** Elements in the document then. */
  nodes: number;
}

/**
 * Clicks the tab from inside the page and waits, checking once per frame, for `ready()`; the time
 * is taken in the first task after the frame that follows (as pages/ready.ts does).
 */
async function timeTab(page: Page, tab: string, ready: string): Promise<TabReady> {
  return page.evaluate(
    ({ tab, ready }) =>
      new Promise<TabReady>((resolve, reject) => {
        const isReady = new Function(`return (${ready})`) as () => boolean;
        const button = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent?.trim() === tab);
        if (!button) return reject(new Error(`no tab ${tab}`));
        const t0 = performance.now();
        const deadline = t0 + 30_000;
        button.click();
        const check = () => {
          if (performance.now() > deadline) return reject(new Error(`${tab} was not ready within 30 s`));
          if (!isReady()) return requestAnimationFrame(check);
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ ready: performance.now() - t0, nodes: document.querySelectorAll('*').length });
            channel.port2.postMessage(0);
          });
        };
        check();
      }),
    { tab, ready },
  );
}

/** Twelve cards, each with its count badge and either rows or the empty text. */
const CHANNELS_READY = `(() => {
  const cards = document.querySelectorAll('.cad-channel-card');
  return cards.length === 12 && [...cards].every((c) => c.querySelector('.cad-badge') && (c.querySelector('.cad-channel-row') || c.querySelector('.cad-empty')));
})()`;
const LIST_READY = `document.querySelectorAll('section[aria-label="Campaign List"] .cad-card').length > 0`;

export function channelsTabOnce(browser: Browser, base: string): Promise<TabReady> {
  return signedIn(browser, base, (page) => timeTab(page, 'Channels', CHANNELS_READY));
}

export interface ListScroll extends TabReady {
  distance: number;
  steps: number;
  longTasks: LongTask[];
  worstFrame: number;
  /** Cards loaded (not drawn) at the end of the scroll, and drawn. */
  cardsDrawn: number;
  requests: number;
}

/**
 * Opens the Campaign List, then scrolls whatever scrolls it `steps` times by `stepPx`, one step per
 * frame, so the list reads pages as it goes; long tasks that started during the scroll are kept.
 */
export function campaignListOnce(browser: Browser, base: string, steps: number, stepPx: number): Promise<ListScroll> {
  return signedIn(browser, base, async (page) => {
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/campaigns?')) requests += 1;
    });
    const tab = await timeTab(page, 'Campaign List', LIST_READY);
    await page.waitForTimeout(500);
    const scroll = await page.evaluate(
      async ({ steps, stepPx }) => {
        const list = document.querySelector('section[aria-label="Campaign List"]')!;
        let el: HTMLElement | null = list.parentElement;
        while (el && el !== document.body) {
          const o = getComputedStyle(el).overflowY;
          if ((o === 'auto' || o === 'scroll') && el.scrollHeight > el.clientHeight) break;
          el = el.parentElement;
        }
        const scroller = el && el !== document.body ? el : (document.scrollingElement as HTMLElement);
        const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
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
        return {
          distance: scroller.scrollTop - top0,
          steps,
          longTasks: window.__teamLongTasks.filter((t) => t.start >= t0),
          worstFrame,
          cardsDrawn: list.querySelectorAll('.cad-card').length,
        };
      },
      { steps, stepPx },
    );
    return { ...tab, ...scroll, requests };
  });
}

export interface FirstLoad {
  /** Decoded bytes of the `/api/` answers. */
  apiBytes: number;
  requests: Array<{ url: string; bytes: number }>;
}

/** Signs in, then loads the dashboard afresh and adds up what its API answers weigh. */
export function dashboardFirstLoadOnce(browser: Browser, base: string): Promise<FirstLoad> {
  return signedIn(browser, base, async (page) => {
    const seen: Array<Promise<{ url: string; bytes: number }>> = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/api/') || url.pathname === '/api/realtime') return;
      seen.push(r.body().then((b) => ({ url: `${url.pathname}${url.search}`, bytes: b.length }), () => ({ url: url.pathname, bytes: 0 })));
    });
    await page.goto('/');
    await page.getByRole('tab', { name: 'Channels' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const requests = await Promise.all(seen);
    return { apiBytes: requests.reduce((n, r) => n + r.bytes, 0), requests };
  });
}
