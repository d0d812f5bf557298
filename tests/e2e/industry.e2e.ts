import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { dismissToast, expectToast, signUp } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// A 1×1 PNG: the server sniffs uploads by content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const localYmd = (page: Page, days: number) =>
  page.evaluate((d) => {
    const t = new Date();
    t.setDate(t.getDate() + d);
    return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
  }, days);

describe.runIf(hasChromium)('the app in Chromium: ad manager and events', () => {
  let h: Harness;
  let page: Page;

  beforeAll(async () => {
    h = await startHarness();
    ({ page } = await h.newPage());
    await signUp(page, 'ads@example.com', 'ads-password');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds a publication with an ad type and an example image', async () => {
    await page.getByRole('link', { name: 'Industry Publications' }).click();
    await page.getByText('Industry Publication Ad Manager').waitFor();
    await page.getByRole('tab', { name: 'Publications' }).click();
    expect(page.url()).toContain('tab=publications');
    await page.getByRole('button', { name: 'Add Publication' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Publication' });
    await dialog.getByLabel(/^Publication Name/).fill('Water Weekly');
    await dialog.getByRole('button', { name: 'Add Publication' }).click();
    await expectToast(page, 'Publication added successfully');

    await page.getByRole('button', { name: 'Manage ad types of Water Weekly' }).click();
    const types = page.getByRole('dialog', { name: 'Ad Types: Water Weekly' });
    await types.getByRole('button', { name: 'Add Ad Type' }).click();
    await types.getByLabel(/^Ad Type Name/).fill('Leaderboard');
    await types.getByLabel(/Or Upload Example Image/).setInputFiles({ name: 'example.png', mimeType: 'image/png', buffer: PNG });
    await types.getByRole('button', { name: 'Add Ad Type' }).last().click();
    await expectToast(page, 'Ad type added successfully');
    await page.keyboard.press('Escape');
  });

  it('adds an ad and moves it through the statuses', async () => {
    await page.getByRole('tab', { name: 'Ads by Status' }).click();
    await page.getByRole('button', { name: 'Add Ad Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Ad Campaign' });
    await dialog.getByLabel(/^Publication/).selectOption({ label: 'Water Weekly' });
    await dialog.getByLabel(/^Ad Type/).selectOption({ index: 1 });
    await dialog.getByLabel(/^Due Date/).fill(await localYmd(page, 0));
    await dialog.getByLabel(/^Live Date/).fill(await localYmd(page, 7));
    await dialog.getByRole('button', { name: /Add Ad Campaign|Create|Save/ }).last().click();
    await expectToast(page, 'Ad campaign created successfully');
    for (const [value, label] of [['content_requested', 'Content Requested'], ['content_ready', 'Content Ready'], ['live', 'Live']] as const) {
      await dismissToast(page);
      const answer = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/ads/'));
      await page.locator('select[aria-label^="Status of"]').first().selectOption(value);
      const res = await answer;
      expect(res.status(), await res.text()).toBe(200);
      await expectToast(page, 'Ad updated successfully');
      await page.getByRole('tab', { name: `${label} (1)` }).and(page.locator('[aria-selected="true"]')).waitFor();
    }
    await screenshot(page, 'ad-manager-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('bulk-imports the prospective publications template', async () => {
    await page.getByRole('tab', { name: 'Prospective Pubs' }).click();
    await page.getByRole('button', { name: 'Upload Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Excel' });
    const csv = 'Name,Region,Industry,Audience,Website,Media Kit Link,Contacts,Notes\nGrid Today,NA,Power,Engineers,gridtoday.com,,ed@gridtoday.com,\n';
    await dialog.getByLabel(/^File/).setInputFiles({ name: 'pubs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expectToast(page, 'Successfully imported 1 publication(s)');
    await page.getByText('Grid Today').waitFor();
  });

  it('saves the ad manager at 390 px', async () => {
    const { page: mobile } = await h.newPage({ width: 390, height: 844 });
    const session = await page.evaluate(() => localStorage.getItem('cadence.auth.session'));
    await mobile.goto('/auth');
    await mobile.evaluate((s) => localStorage.setItem('cadence.auth.session', s!), session);
    await mobile.goto('/channel/industry-publications?tab=ads-by-status');
    await mobile.getByText('Industry Publication Ad Manager').waitFor();
    await screenshot(mobile, 'ad-manager-390');
    expect(await seriousA11yViolations(mobile)).toEqual([]);
  });

  it('adds an event and shows it on the dashboard', async () => {
    await page.getByRole('link', { name: 'Events' }).click();
    await page.getByText('Manage your company events and participation').waitFor();
    await page.getByRole('button', { name: 'Add New Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Event' });
    await dialog.getByLabel(/^Event Name/).fill('Water Expo');
    await dialog.getByRole('group', { name: /Vertical/ }).getByRole('checkbox').first().check();
    await dialog.getByRole('group', { name: /Audience/ }).getByRole('checkbox').first().check();
    await dialog.getByRole('group', { name: /Type/ }).getByRole('checkbox').first().check();
    await dialog.getByLabel(/^Start Date/).fill(await localYmd(page, 0));
    await dialog.getByLabel(/^End Date/).fill(await localYmd(page, 1));
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    await expectToast(page, 'Event added successfully');
    await screenshot(page, 'events-1280');

    await page.getByRole('link', { name: 'Global Calendar' }).click();
    await page.getByRole('button', { name: 'Live Schedule' }).first().click();
    await page.locator('[role="gridcell"][aria-current="date"] [title="Water Expo"]').waitFor();
  });
});
