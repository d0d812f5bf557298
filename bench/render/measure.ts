/**
 * The browser side of the render suite: a static file server on 127.0.0.1 for the built
 * pages, Debian's Chromium through playwright-core, one fresh context (no cache, new
 * renderer) per sample, and the in-page figures of pages/ready.ts read back.
 */
import { createReadStream, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BenchResult, ScrollFigures } from './pages/ready';

export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const VIEWPORT = { width: 1600, height: 900 } as const;

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveDir(dir: string): Promise<StaticServer> {
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, name);
    if (!name || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set BENCH_CHROMIUM)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Nothing leaves the machine: a web font or beacon fails at once instead of waiting on DNS.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

async function withPage<T>(browser: Browser, fn: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      return await fn(page);
    } catch (err) {
      throw new Error(`${err instanceof Error ? err.message : String(err)}${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
    }
  } finally {
    await context.close();
  }
}

async function waitForResult(page: Page, timeoutMs: number): Promise<BenchResult> {
  // Polled every 100 ms (not every frame) so the wait itself barely touches the page.
  const handle = await page.waitForFunction(() => window.__bench, null, { timeout: timeoutMs, polling: 100 });
  return (await handle.jsonValue()) as BenchResult;
}

/** One fresh page: navigate, wait for the page to report ready, return its figures. */
export function loadOnce(browser: Browser, url: string, timeoutMs = 60_000): Promise<BenchResult> {
  return withPage(browser, async (page) => {
    await page.goto(url, { waitUntil: 'commit' });
    return waitForResult(page, timeoutMs);
  });
}

/** distance (px), steps, elapsed (ms), long tasks that started during the scroll, worst frame, bars drawn at the bottom. */
export type ScrollResult = ScrollFigures;

/**
 * Loads the page, then scrolls its tallest scrolling element from top to bottom in `steps`
 * equal jumps, one per animation frame, and collects the long tasks that started meanwhile.
 */
export function scrollOnce(browser: Browser, url: string, barSelector: string, steps: number): Promise<ScrollResult> {
  return withPage(browser, async (page) => {
    await page.goto(url, { waitUntil: 'commit' });
    await waitForResult(page, 60_000);
    // Let the load's own work finish so it is not counted as the scroll's.
    await page.waitForTimeout(500);
    // The scroll runs in the page's own bundle (pages/ready.ts).
    return page.evaluate(({ steps, barSelector }) => window.__scroll(steps, barSelector), { steps, barSelector });
  });
}
