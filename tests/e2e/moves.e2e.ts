import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { dismissToast, expectToast, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

/** A day of the current month, as the browser's calendar shows it. */
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const dayOf = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
describe.runIf(hasChromium)('the app in Chromium: moving campaigns directly', () => {
  let h: Harness;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  const owner = { email: 'mover@example.com', password: 'moving-pass' };

  /** Planning from day `d`, live two days later, ending five days after that; each test uses its own days. */
  const create = async (title: string, d: number) =>
    (await api.call('POST', '/api/campaigns', {
      token: admin.token,
      body: { title, planning_start_date: dayOf(d), live_date: dayOf(d + 2), end_date: dayOf(d + 7), channels: ['email'] },
    })).body as { id: string; version: number };
  const stored = async (id: string) => (await api.call('GET', `/api/campaigns/${id}`, { token: admin.token })).body;
  const cell = (p: Page, d: number) => p.locator(`[role="gridcell"][data-day="${dayOf(d)}"]`);
  const chip = (p: Page, d: number, title: string) => cell(p, d).locator(`.cad-chip[title="${title}"]`);
  const centre = async (l: Locator) => {
    const box = (await l.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(owner.email, owner.password);
    ({ page } = await h.newPage());
    await signIn(page, owner.email, owner.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('drags a chip three days with the mouse, moving all three dates, and Undo puts them back', async () => {
    const c = await create('Drag me', 2);
    await page.reload();
    const from = chip(page, 2, 'Drag me');
    await from.waitFor();
    const start = await centre(from);
    const end = await centre(cell(page, 5));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 10, start.y, { steps: 3 });
    await page.mouse.move(end.x, end.y, { steps: 12 });
    // While dragging: the target cell is highlighted and holds a ghost with the new dates.
    await cell(page, 5).and(page.locator('.cad-day--drop-target')).waitFor();
    await cell(page, 5).locator('.cad-chip--ghost').waitFor();
    await screenshot(page, 'move-calendar-drag-1280');
    await page.mouse.up();
    await expectToast(page, 'Campaign Updated', '"Drag me" moved to');
    await screenshot(page, 'move-calendar-dropped-1280');
    await expect.poll(async () => (await stored(c.id)).planning_start_date).toBe(dayOf(5));
    expect(await stored(c.id)).toMatchObject({ live_date: dayOf(7), end_date: dayOf(12), version: c.version + 1 });
    // The drop did not also open the editor.
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.locator('.cad-toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await stored(c.id)).planning_start_date).toBe(dayOf(2));
    expect(await stored(c.id)).toMatchObject({ live_date: dayOf(4), end_date: dayOf(9) });
    await chip(page, 2, 'Drag me').waitFor();
  });

  it('cancels a drop outside the grid', async () => {
    const c = await create('Stay put', 3);
    await page.reload();
    const start = await centre(chip(page, 3, 'Stay put'));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 30, start.y, { steps: 4 });
    await page.mouse.move(5, 5, { steps: 6 });
    await page.mouse.up();
    await page.waitForTimeout(500);
    expect((await stored(c.id)).version).toBe(c.version);
  });

  it('moves with the keyboard (Space, arrows, Space), and Escape leaves it unchanged', async () => {
    const c = await create('Keyboard move', 4);
    await page.reload();
    await dismissToast(page);
    await chip(page, 4, 'Keyboard move').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const status = page.locator('p.cad-sr-only[role="status"]').first();
    await expect.poll(() => status.textContent()).toContain('Keyboard move: planning from');
    // Axe while a campaign is picked up.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await stored(c.id)).planning_start_date).toBe(dayOf(6));
    expect(await stored(c.id)).toMatchObject({ live_date: dayOf(8), end_date: dayOf(13) });

    await chip(page, 6, 'Keyboard move').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect.poll(() => status.textContent()).toContain('Move cancelled');
    await page.waitForTimeout(300);
    expect((await stored(c.id)).version).toBe(c.version + 1);
  });

  it('resizes a Gantt bar by its right edge, changing only the end date', async () => {
    const c = await create('Resize me', 10);
    await page.reload();
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByRole('button', { name: 'Live Schedule' }).first().click();
    const bar = page.getByRole('button', { name: /^Edit Resize me/ });
    await bar.waitFor();
    // Axe while the bar is picked up by keyboard; Escape puts it back.
    await bar.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    const box = (await bar.boundingBox())!;
    const track = (await page.locator('.cad-gantt__track').nth(1).boundingBox())!;
    // The quarter shown: pixels per day from the track's width.
    const quarterDays = await page.evaluate(() => {
      const d = new Date();
      const q = Math.floor(d.getMonth() / 3);
      return Math.round((new Date(d.getFullYear(), q * 3 + 3, 1).getTime() - new Date(d.getFullYear(), q * 3, 1).getTime()) / 86_400_000);
    });
    const dayPx = track.width / quarterDays;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 3 + dayPx, y, { steps: 3 });
    await page.mouse.move(box.x + box.width - 3 + 2 * dayPx, y, { steps: 3 });
    await page.locator('.cad-gantt__drag-label').waitFor();
    await screenshot(page, 'move-gantt-resize-1280');
    await page.mouse.up();
    await expect.poll(async () => (await stored(c.id)).end_date).toBe(dayOf(19));
    expect(await stored(c.id)).toMatchObject({ planning_start_date: dayOf(10), live_date: dayOf(12) });
    await page.getByRole('tab', { name: 'Calendar' }).click();
  });

  it('lets a user with view-only rights move nothing', async () => {
    await create('Look only', 12);
    const viewer = await api.signUpAndIn('looker@example.com', 'looker-pass');
    const grant = await api.call('POST', `/api/users/${viewer.userId}/permissions`, { token: admin.token, body: { permission_type: 'global_view' } });
    expect(grant.status).toBe(201);
    const { page: other } = await h.newPage();
    await signIn(other, 'looker@example.com', 'looker-pass');
    const shown = cell(other, 12).getByText('Look only');
    await shown.waitFor();
    expect(await other.locator('.cad-chip--movable').count()).toBe(0);
    expect(await cell(other, 12).locator('button.cad-chip').count()).toBe(0);
    await other.close();
  });

  it('two browsers moving the same campaign end with one 412 and no lost update', async () => {
    const c = await create('Contested', 14);
    const { page: second } = await h.newPage();
    // The second browser hears of the first one's move only after making its own, as on a slow
    // network: without the delay a busy machine could deliver the first move before the second
    // key press, and the second move would then be made on the new version, with no conflict.
    let held: Array<string | Buffer> | null = null;
    let release = () => {};
    await second.routeWebSocket(/\/api\/realtime/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((m) => (held ? held.push(m) : ws.send(m)));
      release = () => {
        for (const m of held ?? []) ws.send(m);
        held = null;
      };
    });
    await signIn(second, owner.email, owner.password);
    // The default view: the address keeps the Live Schedule an earlier test chose (docs/adr/0029).
    await page.goto('/');
    for (const p of [page, second]) {
      await chip(p, 14, 'Contested').focus();
      await p.keyboard.press('Space');
    }
    await page.keyboard.press('ArrowRight'); // +1
    await second.keyboard.press('ArrowRight');
    await second.keyboard.press('ArrowRight'); // +2
    held = [];
    await page.keyboard.press('Space');
    await expect.poll(async () => (await stored(c.id)).version).toBe(c.version + 1);
    await second.keyboard.press('Space');
    const refusals = async () => {
      let n = 0;
      for (const p of [page, second]) n += await p.locator('.cad-toast').filter({ hasText: 'Not moved: someone else changed this campaign' }).count();
      return n;
    };
    await expect.poll(refusals).toBe(1);
    const final = await stored(c.id);
    expect(final.version).toBe(c.version + 1);
    expect(final.planning_start_date).toBe(dayOf(15));
    // The refused browser ends up showing the winner's dates (its move was rolled back).
    const winnerDay = Number(final.planning_start_date.slice(8));
    await chip(second, winnerDay, 'Contested').waitFor();
    await chip(page, winnerDay, 'Contested').waitFor();
    await second.close();
  });
});
