import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { screenshot, startHarness, type Harness } from './support/harness';
import { signInAsDemoAdmin } from './support/screen-states';

/**
 * The plan first (docs/adr/0065): on a 1280×800 laptop screen with the demo data, the dashboard
 * shows three weeks of the month or twelve Gantt rows without scrolling; each tab keeps its own
 * range; a drag near the window's bottom scrolls the page.
 */
const bottomOf = async (page: Page, selector: string, index: number) => {
  const box = await page.locator(selector).nth(index).boundingBox();
  if (!box) throw new Error(`no ${selector} #${index + 1}`);
  return box.y + box.height;
};
const pressed = (page: Page, group: string) => page.getByRole('group', { name: group }).locator('[aria-pressed="true"]');

describe.runIf(hasChromium)('the dashboard at 1280×800 with the demo data: the plan first', () => {
  let h: Harness;
  let page: Page;
  beforeAll(async () => {
    h = await startHarness({ demo: true });
    ({ page } = await h.newPage({ width: 1280, height: 800 }));
    await page.goto('/auth');
    await signInAsDemoAdmin(page);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the third week of the month above the fold', async () => {
    await page.goto('/?tab=calendar');
    // Rows: the weekday headers, then the weeks.
    await page.locator('[role="grid"] [role="row"]').nth(3).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'plan-first-calendar-1280');
    expect(await bottomOf(page, '[role="grid"] [role="row"]', 3)).toBeLessThanOrEqual(800);
  });

  it('shows twelve Gantt rows above the fold', async () => {
    await page.goto('/?tab=timeline');
    await page.locator('.cad-gantt__body [role="listitem"]').nth(11).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'plan-first-timeline-1280');
    expect(await bottomOf(page, '.cad-gantt__body [role="listitem"]', 11)).toBeLessThanOrEqual(800);
  });

  it('keeps each tab’s own range: Week then Month on the calendar leaves the Timeline at its Quarter', async () => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Calendar', exact: true }).click();
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await page.getByRole('tab', { name: 'Timeline', exact: true }).click();
    expect(await pressed(page, 'Time range').textContent()).toBe('Quarter');
    await page.getByRole('button', { name: 'Year', exact: true }).click();
    await page.getByRole('tab', { name: 'Calendar', exact: true }).click();
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByRole('tab', { name: 'Timeline', exact: true }).click();
    expect(await pressed(page, 'Time range').textContent()).toBe('Year');
    await page.getByRole('tab', { name: 'Calendar', exact: true }).click();
    expect(await pressed(page, 'Calendar range').textContent()).toBe('Week');
  });

  it('does not carry a link to the calendar’s month into the Gantt', async () => {
    await page.goto('/?range=month');
    expect(await pressed(page, 'Calendar range').textContent()).toBe('Month');
    await page.getByRole('tab', { name: 'Timeline', exact: true }).click();
    expect(await pressed(page, 'Time range').textContent()).toBe('Quarter');
    expect(new URL(page.url()).search).toBe('?tab=timeline');
  });

  it('scrolls the page while a campaign is dragged near the window’s bottom edge', async () => {
    await page.goto('/?tab=calendar');
    await page.waitForLoadState('networkidle');
    const chip = page.locator('[role="grid"] [role="row"]').nth(1).locator('.cad-chip--movable').first();
    const box = (await chip.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 10, box.y + 20, { steps: 3 });
    await page.mouse.move(box.x + box.width / 2, 796, { steps: 8 });
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(40);
    // The ghost follows the day now under the pointer, in a later week.
    await page.locator('.cad-day--drop-target').waitFor();
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await page.locator('.cad-day--drop-target').waitFor({ state: 'detached' });
  });
});
