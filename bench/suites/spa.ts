import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchChromium } from '../render/measure.js';
import { startBenchServer } from '../lib/server.js';
import { median, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const DEMO = { email: 'admin@cadence.demo', password: 'cadence-admin' };

/** Collects the JavaScript a page downloads, as gzip bytes (what a compressing proxy sends). */
function scripts(page: Page) {
  const seen = new Map<string, Promise<number>>();
  const onResponse = (res: Response) => {
    const url = res.url();
    if (!/\.m?js(\?|$)/.test(url) || seen.has(url)) return;
    seen.set(url, res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  };
  page.on('response', onResponse);
  return {
    async gzipBytes(): Promise<number> {
      return (await Promise.all(seen.values())).reduce((a, b) => a + b, 0);
    },
    /** The largest files, "name 99.4" (kB gzip): where a missed budget's bytes are. */
    async largest(n = 4): Promise<string> {
      const sizes = await Promise.all([...seen].map(async ([url, size]) => [url.replace(/^.*\//, ''), await size] as const));
      return sizes.sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, size]) => `${name} ${round(size / 1024)}`).join(', ');
    },
    count: () => seen.size,
  };
}

/** The sign-in form can be used: its fields and button are on screen. */
const authUsable = (page: Page) => page.getByRole('button', { name: 'Sign In' }).last().waitFor();
/** The dashboard can be used: the stat cards are counted and the default tab has drawn its campaigns. */
const dashboardUsable = async (page: Page) => {
  await page.getByText('Total Campaigns').waitFor();
  await page.locator('.cad-gantt__bar, .cad-chip').first().waitFor({ state: 'attached' });
};

export const spaSuite: Suite = {
  name: 'spa',
  description: 'the SPA in Chromium with the demo data: JavaScript before the sign-in page and the dashboard are usable, and time to a usable dashboard at 4× CPU slowdown',
  async run(ctx) {
    const server = await startBenchServer({ args: ['--demo'] });
    const browser = await launchChromium();
    const samples = ctx.quick ? 1 : 5;
    const authKb: number[] = [];
    const dashKb: number[] = [];
    const usableMs: number[] = [];
    let authFiles = '';
    let dashFiles = '';
    try {
      for (let i = 0; i < samples; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const signIn = scripts(page);
        await page.goto(`${server.url}/auth`);
        await authUsable(page);
        authKb.push((await signIn.gzipBytes()) / 1024);
        authFiles = await signIn.largest();
        await page.getByLabel('Email').fill(DEMO.email);
        await page.getByLabel('Password').fill(DEMO.password);
        await page.getByRole('button', { name: 'Sign In' }).last().click();
        await page.waitForURL(`${server.url}/`);
        await dashboardUsable(page);
        // A returning user: signed in, opening the dashboard in a new tab with a cold cache.
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const dash = scripts(tab);
        const started = performance.now();
        await tab.goto(`${server.url}/`);
        await dashboardUsable(tab);
        usableMs.push(performance.now() - started);
        dashKb.push((await dash.gzipBytes()) / 1024);
        dashFiles = await dash.largest();
        ctx.log(`sample ${i + 1}: sign-in ${round(authKb[i]!)} kB, dashboard ${round(dashKb[i]!)} kB in ${dash.count()} files, usable in ${round(usableMs[i]!, 0)} ms at 4× slowdown`);
        await context.close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    const rows: BenchRow[] = [
      { suite: 'spa', name: 'JS before the sign-in page is usable (gzip)', unit: 'kB', ours: median(authKb), budget: { on: 'value', op: '<=', limit: 110 }, detail: `React, the router, the session and the sign-in form; largest files (kB): ${authFiles}` },
      { suite: 'spa', name: 'JS before the dashboard is usable (gzip)', unit: 'kB', ours: median(dashKb), budget: { on: 'value', op: '<=', limit: 190 }, detail: `signed in, new tab, cold cache; largest files (kB): ${dashFiles}` },
      { suite: 'spa', name: 'navigation to a usable dashboard, demo data, 4× CPU slowdown', unit: 'ms', ours: median(usableMs), budget: { on: 'value', op: '<=', limit: 1500 }, detail: `samples ${usableMs.map((x) => round(x, 0)).join(', ')} ms; usable = stat cards counted and the default tab's campaigns drawn` },
    ];
    return rows;
  },
};
