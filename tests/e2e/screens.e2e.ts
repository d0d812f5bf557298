import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';
import { SCREEN_STATES, showState, signInAsDemoAdmin, stateSlug } from './support/screen-states';

/**
 * Every screen, tab, dialog and menu with the demo data, at a desktop and a phone width: no
 * serious axe violation, one h1, no emoji, and (on the phone) no page that scrolls sideways.
 */
const EMOJI = /\p{Extended_Pictographic}/u;

async function checkState(page: Page, phone: boolean): Promise<string[]> {
  const problems: string[] = [];
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth,
    h1: document.querySelectorAll('h1').length,
    text: document.body.innerText,
  }));
  if (phone && layout.scrollWidth > layout.innerWidth) problems.push(`scrolls sideways (${layout.scrollWidth} px in ${layout.innerWidth})`);
  if (layout.h1 !== 1) problems.push(`${layout.h1} h1 elements`);
  if (EMOJI.test(layout.text)) problems.push(`emoji: ${layout.text.match(EMOJI)?.[0]}`);
  for (const v of await seriousA11yViolations(page)) problems.push(`axe ${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  return problems;
}

describe.runIf(hasChromium)('every screen with the demo data, at 1280 and 390 px', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ demo: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  // One test per state, each with its own time: a slow state on a busy machine fails alone and
  // names itself, instead of running a whole width out of one five-minute budget.
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const phone = size.width < 768;
    describe(`at ${size.width} px`, () => {
      let page: Page;
      beforeAll(async () => {
        ({ page } = await h.newPage(size));
      });

      it('holds up signed out, forgot-password dialog included', async () => {
        await page.goto('/auth');
        await page.locator('h1').waitFor();
        expect(await checkState(page, phone)).toEqual([]);
        await page.getByRole('button', { name: /forgot/i }).click();
        await page.getByRole('dialog').waitFor();
        expect(await checkState(page, phone), 'forgot password dialog').toEqual([]);
        await page.keyboard.press('Escape');
        await signInAsDemoAdmin(page);
      });

      for (const state of SCREEN_STATES) {
        it(`holds up: ${state.name}`, async () => {
          await showState(page, state, phone);
          const problems = await checkState(page, phone);
          await screenshot(page, `screen-${stateSlug(state)}-${size.width}`);
          expect(problems).toEqual([]);
        });
      }
    });
  }
});
