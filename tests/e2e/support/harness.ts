import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../../../packages/server/src/test/server-process';
import { ensureAppBuilt } from './app-build';
import { launchChromium } from './browser';

/** Where the run saves its screenshots (the user guide's pictures come from here). */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? path.join(tmpdir(), 'cadence-e2e-screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Harness {
  server: ServerProcess;
  browser: Browser;
  /** A fresh browser context (its own storage and cookies) at 1280×800 unless told otherwise. */
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Builds the SPA if needed, starts a real server on a fresh database and launches Chromium. */
export async function startHarness(options: { demo?: boolean; env?: Record<string, string> } = {}): Promise<Harness> {
  ensureAppBuilt();
  const server = await startServerProcess(options.env ?? {}, { demo: options.demo });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ viewport, baseURL: server.url });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
      return { context, page };
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** Serious and critical axe violations on the page as it is now. Evaluated over CDP, so the strict CSP still holds. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const res = await axe.run(document, { resultTypes: ['violations'] });
    return res.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
