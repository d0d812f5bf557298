import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeekMondayFirst } from '../../packages/core/src/index';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { expectToast, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// Settings → Working days (docs/adr/0052) in Chromium against a real server: an administrator closes
// a day by hand and the dashboard's calendar shades it with its label; an .ics file adds days.

/** A Wednesday of the month the dashboard's calendar opens on, so the day is in its grid. */
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
let wednesday = `${month}-08`;
while (dayOfWeekMondayFirst(wednesday) !== 2) wednesday = addDays(wednesday, 1);
const CLOSED = wednesday;
const year = now.getFullYear() + 2;
const ICS = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//e2e//EN',
  'BEGIN:VEVENT', 'UID:a@e2e', 'DTSTAMP:20260101T000000Z', 'SUMMARY:Spring holiday', `DTSTART;VALUE=DATE:${year}0406`, `DTEND;VALUE=DATE:${year}0408`, 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:b@e2e', 'DTSTAMP:20260101T000000Z', 'SUMMARY:All hands', `DTSTART:${year}0409T090000Z`, `DTEND:${year}0409T100000Z`, 'END:VEVENT',
  'END:VCALENDAR', '',
].join('\r\n');

describe.runIf(hasChromium)('the app in Chromium: Settings → Working days', () => {
  let h: Harness;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  const login = { email: 'wanda@example.com', password: 'workdays-pass' };
  const cell = (p: Page, day: string) => p.locator(`[role="gridcell"][data-day="${day}"]`);
  const closedDays = async () =>
    ((await api.call('GET', '/api/working-calendar', { token: admin.token })).body as { closed_days: Array<{ day: string; label: string; kind: string }> }).closed_days;

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(login.email, login.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('closes a day in Settings, and the dashboard calendar shades it with its label', async () => {
    const { page } = await h.newPage();
    await signIn(page, login.email, login.password);
    await page.goto('/settings/working-days');
    await page.getByRole('heading', { name: 'Working days', level: 1 }).waitFor();
    await page.getByText('No closed days yet.').waitFor();
    expect(await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Working days' }).getAttribute('aria-current')).toBe('page');
    await page.getByLabel(/^Date/).fill(CLOSED);
    await page.getByLabel(/^Label/).fill('Company offsite');
    await page.getByLabel('Kind').selectOption('blackout');
    await page.getByRole('button', { name: 'Close day' }).click();
    await expectToast(page, 'Day closed');
    expect(await closedDays()).toMatchObject([{ day: CLOSED, label: 'Company offsite', kind: 'blackout' }]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'working-days-1280');

    await page.goto('/');
    await cell(page, CLOSED).and(page.locator('.cad-day--closed')).waitFor();
    await expect.poll(() => cell(page, CLOSED).textContent()).toContain('Company offsite');
  });

  it('imports an .ics file at 390 px with a summary of what it added, axe clean', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await signIn(page, login.email, login.password);
    await page.goto('/settings/working-days');
    await page.getByRole('heading', { name: 'Working days', level: 1 }).waitFor();
    await page.getByLabel('Import an .ics file').setInputFiles({ name: 'holidays.ics', mimeType: 'text/calendar', buffer: Buffer.from(ICS) });
    await page.getByText('Added 2 days; 0 already closed; 1 timed event skipped.').waitFor();
    expect((await closedDays()).filter((d) => d.label === 'Spring holiday').map((d) => d.day)).toEqual([`${year}-04-06`, `${year}-04-07`]);
    await page.getByRole('list', { name: 'Upcoming closed days' }).getByText('Spring holiday').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'working-days-import-390');
  });
});
