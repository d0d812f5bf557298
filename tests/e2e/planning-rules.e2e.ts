import type { Locator, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { expectToast, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

/** Days of the current month, as the browser's calendar shows them; `monday` is the month's second Monday or later (8th–14th). */
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const dayOf = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
const monday = (() => {
  for (let d = 8; d <= 14; d++) if (new Date(now.getFullYear(), now.getMonth(), d).getDay() === 1) return d;
  throw new Error('no Monday');
})();

describe.runIf(hasChromium)('planning rules while dragging, in Chromium against a real server', () => {
  let h: Harness;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  const who = { email: 'planner@example.com', password: 'planning-pass' };

  const create = async (title: string, channel: string, planning: number, live: number) =>
    (await api.call('POST', '/api/campaigns', {
      token: admin.token,
      body: { title, planning_start_date: dayOf(planning), live_date: dayOf(live), end_date: dayOf(live + 1), channels: [channel] },
    })).body as { id: string; version: number };
  const stored = async (id: string) => (await api.call('GET', `/api/campaigns/${id}`, { token: admin.token })).body as { live_date: string };
  const cell = (d: number) => page.locator(`[role="gridcell"][data-day="${dayOf(d)}"]`);
  const centre = async (l: Locator) => {
    const box = (await l.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  /** Drags the chip titled `title` from day `from` to day `to` and holds it there. */
  const dragTo = async (title: string, from: number, to: number) => {
    const start = await centre(cell(from).locator(`.cad-chip[title="${title}"]`));
    const end = await centre(cell(to));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 10, start.y, { steps: 3 });
    await page.mouse.move(end.x, end.y, { steps: 12 });
  };

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(who.email, who.password);
    for (const body of [
      { kind: 'channel_load', severity: 'block', limit: 2, period: 'week', channel: 'email' },
      { kind: 'channel_load', severity: 'warn', limit: 2, period: 'week', channel: 'social' },
    ]) {
      const r = await api.call('POST', '/api/planning-rules', { token: admin.token, body });
      expect(r.status).toBe(201);
    }
    ({ page } = await h.newPage());
    await signIn(page, who.email, who.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a drop on a day that breaks a blocking rule, with the rule’s words, and saves nothing', async () => {
    await create('Send A', 'email', monday, monday + 1);
    await create('Send B', 'email', monday, monday + 2);
    const mover = await create('Email mover', 'email', 2, 4);
    await page.goto('/?tab=calendar');
    await cell(2).locator('.cad-chip[title="Email mover"]').waitFor();
    // Planning from Monday + 1 puts its go-live on Monday + 3: a third e-mail send that week.
    await dragTo('Email mover', 2, monday + 1);
    const verdict = cell(monday + 1).getByTestId('move-verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toBe('Blocked: 3 e-mail sends that week; the limit is 2');
    expect(await page.locator('p.cad-sr-only[role="status"]').first().textContent()).toContain('Blocked: 3 e-mail sends that week; the limit is 2');
    await screenshot(page, 'planning-rules-blocked-drag-1280');
    await page.mouse.up();
    await expectToast(page, 'Not moved', '3 e-mail sends that week; the limit is 2');
    expect((await stored(mover.id)).live_date).toBe(dayOf(4));
    await cell(2).locator('.cad-chip[title="Email mover"]').waitFor();
  });

  it('asks before a drop that breaks a warning rule and saves it on "Move anyway"', async () => {
    await create('Post A', 'social', monday, monday + 1);
    await create('Post B', 'social', monday, monday + 2);
    const mover = await create('Social mover', 'social', 3, 5);
    await page.goto('/?tab=calendar');
    await cell(3).locator('.cad-chip[title="Social mover"]').waitFor();
    await dragTo('Social mover', 3, monday + 1);
    const verdict = cell(monday + 1).getByTestId('move-verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toBe('Warning: 3 social posts that week; the limit is 2');
    await page.mouse.up();
    const ask = page.getByRole('alertdialog', { name: 'Move "Social mover" anyway?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('3 social posts that week; the limit is 2');
    await screenshot(page, 'planning-rules-move-anyway-1280');
    expect((await stored(mover.id)).live_date).toBe(dayOf(5));
    await ask.getByRole('button', { name: 'Move anyway' }).click();
    await expect.poll(async () => (await stored(mover.id)).live_date).toBe(dayOf(monday + 3));
  });

  // After the warned move: three social posts go live in the week of `monday` (a conflict); the two e-mail sends do not break their limit.
  it('narrows the calendar to the conflicting campaigns behind the Conflicts filter', async () => {
    await page.goto('/?tab=calendar');
    await cell(2).locator('.cad-chip[title="Email mover"]').waitFor();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('checkbox', { name: 'Conflicts' }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('conflicts')).toBe('1');
    await page.locator('[role="grid"] .cad-chip[title="Social mover"]').first().waitFor();
    await expect.poll(() => page.locator('.cad-chip[title="Email mover"]').count()).toBe(0);
    expect(await page.locator('[role="grid"] .cad-chip').evaluateAll((chips) => [...new Set(chips.map((c) => c.getAttribute('title')))].sort())).toEqual(['Post A', 'Post B', 'Social mover']);
    await screenshot(page, 'planning-rules-conflicts-filter-1280');
  });

  it('lists a range’s conflicts and downloads them as CSV, at 1280 and 390 px', async () => {
    await page.goto('/settings/conflicts');
    await page.getByLabel('From').fill(dayOf(1));
    const list = page.getByRole('list', { name: 'Conflicts' });
    await list.waitFor();
    const item = list.getByRole('listitem').filter({ hasText: '3 social posts that week; the limit is 2' });
    await item.waitFor();
    expect(await item.getByRole('link').allTextContents()).toEqual(['Post A', 'Post B', 'Social mover']);
    await screenshot(page, 'planning-rules-conflicts-list-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const rows = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(rows[0]).toBe('date,severity,rule,message,campaigns,campaign_ids');
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 5).join(','))).toEqual([`${dayOf(monday)},warn,At most 2 social posts a week,3 social posts that week; the limit is 2,Post A; Post B; Social mover`]);
    await page.setViewportSize({ width: 390, height: 800 });
    await item.waitFor();
    // Widgets take their phone layout a frame after the resize (a ResizeObserver): wait for it, not for the first frame.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'planning-rules-conflicts-list-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows a week’s go-lives in the load strip, switched on, moving the month grid down by at most 32 px', async () => {
    await page.goto('/?tab=calendar');
    const grid = page.locator('[role="grid"]').first();
    await cell(2).locator('.cad-chip[title="Email mover"]').waitFor();
    const before = (await grid.boundingBox())!.y;
    await page.getByRole('switch', { name: 'Load' }).check();
    const strip = page.getByRole('list', { name: 'Go-lives a week' });
    await strip.waitFor();
    const week = new Date(now.getFullYear(), now.getMonth(), monday).toLocaleDateString('en-US', { month: 'short', day: '2-digit' });
    const cellText = await strip.locator('.cad-sr-only').allTextContents();
    expect(cellText).toContain(`Week of ${week}: 5 go-lives; Social Media 3, Email 2; over a planning rule’s limit`);
    expect((await grid.boundingBox())!.y - before).toBeLessThanOrEqual(32);
    expect((await strip.boundingBox())!.height).toBeLessThanOrEqual(28);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'planning-rules-load-strip-1280');
    // The Gantt remembers its own switch; on, each week sits over its own days of the chart.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByRole('switch', { name: 'Load' }).check();
    const gantt = page.getByRole('list', { name: 'Go-lives a week' });
    const weekCell = gantt.locator('li', { hasText: `Week of ${week}:` });
    const cellBox = (await weekCell.boundingBox())!;
    const track = (await page.locator('.cad-gantt__head .cad-gantt__track').boundingBox())!;
    // The Timeline opens on this quarter: the Monday's column starts its days-since-the-quarter-began share of the track.
    const quarterStart = Date.UTC(now.getFullYear(), Math.floor(now.getMonth() / 3) * 3, 1);
    const quarterDays = (Date.UTC(now.getFullYear(), Math.floor(now.getMonth() / 3) * 3 + 3, 1) - quarterStart) / 86_400_000;
    const offset = (Date.UTC(now.getFullYear(), now.getMonth(), monday) - quarterStart) / 86_400_000;
    expect(Math.abs(cellBox.x - (track.x + (track.width * offset) / quarterDays))).toBeLessThanOrEqual(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.reload();
    expect(await page.getByRole('switch', { name: 'Load' }).isChecked()).toBe(true);
    await screenshot(page, 'planning-rules-load-strip-gantt-1280');
  });

  it('reports an import line that breaks a blocking rule by its line and saves nothing; a clean file imports after its check', async () => {
    const titles = async () => ((await api.call('GET', '/api/campaigns', { token: admin.token })).body as Array<{ title: string }>).map((c) => c.title);
    const file = (...lines: string[]) => ({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(['title,planning_start_date,live_date,channels', ...lines].join('\n') + '\n') });
    await page.goto('/?tab=calendar');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import campaigns' });
    // Send A and Send B go live in the week of the Monday: a third e-mail send breaks the block.
    await dialog.getByLabel(/File \(\.csv, \.xlsx\)/).setInputFiles(file(`SEO refresh,${dayOf(monday)},${dayOf(monday + 3)},seo`, `Third send,${dayOf(monday)},${dayOf(monday + 4)},email`));
    await dialog.getByRole('button', { name: 'Check file' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Nothing was imported. Line 3, "Third send": 3 e-mail sends that week; the limit is 2 (At most 2 e-mail sends a week)');
    expect(await alert.getByRole('listitem').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    expect(await titles()).not.toContain('SEO refresh');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-refused-by-rule-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-refused-by-rule-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByLabel(/File \(\.csv, \.xlsx\)/).setInputFiles(file(`SEO refresh,${dayOf(monday)},${dayOf(monday + 3)},seo`));
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText('1 campaign ready to import.').waitFor();
    expect(await titles()).not.toContain('SEO refresh');
    await dialog.getByRole('button', { name: 'Import 1 campaign' }).click();
    await expectToast(page, 'Imported 1 campaign');
    await dialog.waitFor({ state: 'detached' });
    expect(await titles()).toContain('SEO refresh');
    await cell(monday).locator('.cad-chip[title="SEO refresh"]').first().waitFor();
  });
});
