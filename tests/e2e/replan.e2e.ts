import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeekMondayFirst } from '../../packages/core/src/index';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { expectToast, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// Re-planning (docs/adr/0053) and the working calendar's shading (docs/adr/0052) in Chromium,
// against a real server: a drag moves go-live 3 working days over a closed day, every open task
// follows, Undo puts every task back on its exact date.

/** The second Monday of the month the browser's calendar opens on, so every day used is in its grid. */
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
let monday = `${month}-08`;
while (dayOfWeekMondayFirst(monday) !== 0) monday = addDays(monday, 1);
const PLANNING = monday; // Monday
const LIVE = addDays(monday, 2); // Wednesday
const HOLIDAY = addDays(monday, 4); // Friday, closed

describe.runIf(hasChromium)('the app in Chromium: re-planning tasks when go-live moves', () => {
  let h: Harness;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  const owner = { email: 'replanner@example.com', password: 'replan-pass' };
  const cell = (p: Page, day: string) => p.locator(`[role="gridcell"][data-day="${day}"]`);
  const centre = async (l: Locator) => {
    const box = (await l.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const dueDates = async (campaignId: string) =>
    ((await api.call('GET', `/api/campaigns/${campaignId}/tasks`, { token: admin.token })).body as Array<{ title: string; due_date: string }>).map((t) => `${t.title} ${t.due_date}`);

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(owner.email, owner.password);
    await api.call('POST', '/api/working-calendar/closed-days', { token: admin.token, body: { day: HOLIDAY, label: 'Founders Day' } });
    ({ page } = await h.newPage());
    await signIn(page, owner.email, owner.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shades the closed day with its name, and the weekend', async () => {
    await page.reload();
    await cell(page, HOLIDAY).and(page.locator('.cad-day--closed')).waitFor();
    await expect.poll(() => cell(page, HOLIDAY).textContent()).toContain('Founders Day');
    expect(await cell(page, HOLIDAY).getAttribute('class')).toContain('cad-day--closed');
    expect(await cell(page, addDays(HOLIDAY, 1)).getAttribute('class')).toContain('cad-day--weekend');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-closed-day-1280');
  });

  it('drags go-live 3 working days over the closed day: every open task follows, Undo restores each', async () => {
    const c = (await api.call('POST', '/api/campaigns', {
      token: admin.token,
      body: { title: 'Replan me', planning_start_date: PLANNING, live_date: LIVE, end_date: addDays(LIVE, 5), channels: ['email'] },
    })).body as { id: string };
    for (const [title, due_date, status] of [
      ['Brief', PLANNING, 'todo'],
      ['Copy', addDays(LIVE, -1), 'in_progress'],
      ['Launch check', LIVE, 'todo'],
      ['Kick-off', PLANNING, 'done'],
      // On a Saturday: counting 3 working days back would not bring it home; Undo names its date.
      ['Weekend prep', addDays(PLANNING, 5), 'todo'],
    ] as const) {
      const res = await api.call('POST', `/api/campaigns/${c.id}/tasks`, { token: admin.token, body: { title, due_date, status } });
      expect(res.status).toBe(201);
    }
    const before = await dueDates(c.id);
    await page.reload();
    // Six calendar days: go-live Wednesday → the next Tuesday is +3 working days (Thu, Mon, Tue; Fri closed).
    const from = cell(page, PLANNING).locator('.cad-chip[title="Replan me"]');
    await from.waitFor();
    await from.scrollIntoViewIfNeeded();
    const start = await centre(from);
    const end = await centre(cell(page, addDays(PLANNING, 6)));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 10, start.y, { steps: 3 });
    await page.mouse.move(end.x, end.y, { steps: 12 });
    await page.mouse.up();
    await expectToast(page, 'Campaign Updated', '"Replan me" moved to');
    await expect.poll(() => dueDates(c.id)).toEqual([
      `Brief ${addDays(LIVE, 1)}`, // Mon → Tue, Wed, Thu
      `Copy ${addDays(LIVE, 5)}`, // Tue → Wed, Thu, (Fri closed) Mon
      `Launch check ${addDays(LIVE, 6)}`, // Wed → Thu, Mon, Tue: go-live's own day
      `Kick-off ${PLANNING}`, // done: stays
      `Weekend prep ${addDays(PLANNING, 9)}`, // Sat → Mon, Tue, Wed
    ]);
    await page.locator('.cad-toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => dueDates(c.id)).toEqual(before);
    expect((await api.call('GET', `/api/campaigns/${c.id}`, { token: admin.token })).body.live_date).toBe(LIVE);
  });

  it('changes go-live in the campaign dialog: the toast says the tasks follow, and its Undo restores each', async () => {
    const c = (await api.call('POST', '/api/campaigns', {
      token: admin.token,
      body: { title: 'Dialog replan', planning_start_date: PLANNING, live_date: LIVE, end_date: addDays(LIVE, 5), channels: ['email'] },
    })).body as { id: string };
    for (const [title, due_date] of [['Brief', PLANNING], ['Weekend prep', addDays(PLANNING, 5)]] as const) {
      expect((await api.call('POST', `/api/campaigns/${c.id}/tasks`, { token: admin.token, body: { title, due_date } })).status).toBe(201);
    }
    const before = await dueDates(c.id);
    await page.reload();
    await page.getByRole('tab', { name: 'Campaign List' }).click();
    const card = page.getByRole('article', { name: 'Dialog replan' });
    await card.getByRole('button', { name: 'Edit Dialog replan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    // Wednesday → the next Tuesday: +3 working days (Thu, Mon, Tue; Fri closed).
    await dialog.getByLabel('Live Date').fill(addDays(LIVE, 6));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Campaign Updated', '2 open tasks move with go-live');
    await expect.poll(() => dueDates(c.id)).toEqual([`Brief ${addDays(LIVE, 1)}`, `Weekend prep ${addDays(PLANNING, 9)}`]);
    await page.locator('.cad-toast').getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Change Undone');
    await expect.poll(() => dueDates(c.id)).toEqual(before);
    expect((await api.call('GET', `/api/campaigns/${c.id}`, { token: admin.token })).body.live_date).toBe(LIVE);
  });
});
