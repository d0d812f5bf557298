import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { browserDay, expectToast, signIn, signUp } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

describe.runIf(hasChromium)('the app in Chromium: campaigns on the dashboard and channel pages', () => {
  let h: Harness;
  let page: Page;
  let watcher: Page;
  const user = { email: 'grace@example.com', password: 'campaign-pass' };
  const title = 'Spring Launch';

  beforeAll(async () => {
    h = await startHarness();
    ({ page } = await h.newPage());
    await signUp(page, user.email, user.password);
    ({ page: watcher } = await h.newPage());
    await signIn(watcher, user.email, user.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a campaign with channels, dates and brief; a second browser sees it appear live', async () => {
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Campaign' });
    await dialog.getByLabel('Campaign Title').fill(title);
    await dialog.getByLabel('Description', { exact: true }).fill('Launch of the spring range');
    await dialog.getByLabel('Planning Start Date').fill(await browserDay(page, 0));
    await dialog.getByLabel('Live Date').fill(await browserDay(page, 2));
    await dialog.getByRole('button', { name: 'Email' }).click();
    await dialog.getByRole('button', { name: 'Social Media' }).click();
    await dialog.getByLabel('Campaign Summary').fill('Tell everyone about spring.');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expectToast(page, 'Campaign Created');
    const today = page.locator('[role="gridcell"][aria-current="date"]');
    await today.locator(`.cad-chip[title="${title}"]`).waitFor();
    // The other browser context never reloads: the change arrives over the realtime feed.
    await watcher.locator(`[role="gridcell"][aria-current="date"] .cad-chip[title="${title}"]`).waitFor({ timeout: 20_000 });
    await page.getByText('Total Campaigns').locator('..').filter({ hasText: '1' }).waitFor();
  });

  it('shows it in week view, the day dialog, the Gantt and the list', async () => {
    await page.getByRole('button', { name: 'Week' }).click();
    await page.locator(`[role="gridcell"][aria-current="date"] .cad-chip[title="${title}"]`).waitFor();
    await page.locator('[role="gridcell"][aria-current="date"] .cad-day__number').click();
    const day = page.getByRole('dialog').filter({ hasText: '1 campaign' });
    await day.getByRole('article', { name: title }).waitFor();
    await day.getByText('Planning timeline').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByText('Planning Gantt Chart').waitFor();
    await page.getByRole('button', { name: new RegExp(`Edit ${title}`) }).first().waitFor();
    await page.getByRole('tab', { name: 'Campaign List' }).click();
    await page.getByRole('article', { name: title }).waitFor();
    await screenshot(page, 'dashboard-list-1280');
  });

  it('edits the campaign, marks it live and deletes it', async () => {
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    await dialog.getByLabel('Campaign Owner').fill('Grace');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Campaign Updated');
    await card.getByText('Owner: Grace').waitFor();

    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Mark as Live' }).click();
    await expectToast(page, 'Status Updated', `"${title}" is now Live`);

    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Campaign' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Delete Campaign' }));
    await confirm.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete Campaign' }).click();
    await expectToast(page, 'Campaign Deleted');
    await page.getByText('No campaigns found').waitFor();
  });

  it('creates a channel-only campaign on a channel page and promotes it to the main calendar', async () => {
    await page.getByRole('link', { name: 'Email' }).click();
    await page.getByRole('heading', { name: 'Email Marketing' }).waitFor();
    await page.getByText('Channel Dashboard').waitFor();
    expect(await page.getByRole('tab', { name: 'Channels' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New Campaign' }).count()).toBe(0);
    expect(await page.getByText('Total Campaigns').count()).toBe(0);

    await page.getByRole('tab', { name: 'Campaign List' }).click();
    await page.getByRole('button', { name: 'Create Your First Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Campaign' });
    await dialog.getByLabel('Campaign Title').fill('Newsletter #12');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expectToast(page, 'Campaign Created');
    await page.getByRole('article', { name: 'Newsletter #12' }).waitFor();
    await screenshot(page, 'channel-1280');

    await page.getByRole('link', { name: 'Global Calendar' }).click();
    await page.getByRole('tab', { name: 'Channels' }).click();
    // Counted by the server; the button's name holds what it shows (axe label-content-name-mismatch).
    await page.getByRole('button', { name: /^Open Email Marketing 1 campaign$/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Open Email Marketing 1 campaign$/ }).click();
    const channelDialog = page.getByRole('dialog', { name: 'Email Marketing' });
    await channelDialog.getByRole('article', { name: 'Newsletter #12' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await channelDialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /Promote to Calendar/ }).first().click();
    await expectToast(page, 'Campaign Promoted', 'Campaign has been promoted to the main calendar.');
  });

  it('saves dashboard screenshots at 1280 px and 390 px with no serious accessibility violation', async () => {
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await page.getByText('Planning Timeline', { exact: true }).first().waitFor();
    await screenshot(page, 'dashboard-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const { page: mobile } = await h.newPage({ width: 390, height: 844 });
    await signIn(mobile, user.email, user.password);
    await screenshot(mobile, 'dashboard-390');
    expect(await seriousA11yViolations(mobile)).toEqual([]);
  });
});
