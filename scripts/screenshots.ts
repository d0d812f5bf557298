/**
 * `pnpm screenshots`: draws every screen and its main states with the demo data at 1280×800
 * and 390×844 into docs/images/screens/, the pictures the user guide shows. It drives the
 * built SPA against a real server on a fresh demo database, in Debian's Chromium, through the
 * same states the screens e2e test checks (tests/e2e/support/screen-states.ts).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { hasChromium } from '../tests/e2e/support/browser';
import { startHarness } from '../tests/e2e/support/harness';
import { SCREEN_STATES, showState, signInAsDemoAdmin, stateSlug } from '../tests/e2e/support/screen-states';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs/images/screens');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function shoot(page: Page, name: string, width: number): Promise<void> {
  const file = path.join(outDir, `${name}-${width}.png`);
  await page.screenshot({ path: file });
  console.log(`  ${path.relative(root, file)}`);
}

async function main(): Promise<void> {
  if (!hasChromium) throw new Error('Chromium is needed: apt-get install -y chromium (expected at /usr/bin/chromium)');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const h = await startHarness({ demo: true });
  try {
    for (const size of SIZES) {
      const phone = size.width < 768;
      console.log(`${size.width}×${size.height}`);
      const { page } = await h.newPage(size);
      await page.goto('/auth');
      await page.locator('h1').waitFor();
      await shoot(page, 'sign-in', size.width);
      await signInAsDemoAdmin(page);
      for (const state of SCREEN_STATES) {
        await showState(page, state, phone);
        await shoot(page, stateSlug(state), size.width);
      }
    }
  } finally {
    await h.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
