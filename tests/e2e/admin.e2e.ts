import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { expectToast, signUp } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

describe.runIf(hasChromium)('the app in Chromium: permissions, ideas', () => {
  let h: Harness;
  let admin: Page;
  let viewer: Page;
  const viewerEmail = 'vic@example.com';

  beforeAll(async () => {
    h = await startHarness();
    ({ page: admin } = await h.newPage());
    await signUp(admin, 'root@example.com', 'admin-pass');
    ({ page: viewer } = await h.newPage());
    await signUp(viewer, viewerEmail, 'viewer-pass');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows a new user without permissions an empty product that points to an administrator', async () => {
    await viewer.getByText('No access yet').waitFor();
    await viewer.getByText('Ask an administrator to grant you access in Settings.', { exact: false }).waitFor();
    expect(await viewer.getByRole('button', { name: 'New Campaign' }).count()).toBe(0);
    expect(await viewer.locator('[role="grid"]').count()).toBe(0);
  });

  it('denies the settings page to a non-admin', async () => {
    await viewer.getByRole('link', { name: 'Settings' }).click();
    await viewer.getByText('Access Denied').waitFor();
    await viewer.getByText("You don't have permission to access this page. Only administrators can manage user permissions.").waitFor();
    await viewer.getByRole('button', { name: 'Return to Dashboard' }).or(viewer.getByRole('link', { name: 'Return to Dashboard' })).click();
    await viewer.waitForURL(`${h.server.url}/`);
  });

  it("lets the admin grant channel view, and the user's view changes without a reload", async () => {
    await viewer.getByRole('link', { name: 'Email' }).click();
    await viewer.getByText('No access yet').waitFor();

    await admin.getByRole('link', { name: 'Settings' }).click();
    await admin.getByText('Select a user to manage their permissions').waitFor();
    await admin.getByRole('button', { name: new RegExp(viewerEmail) }).click();
    await admin.getByRole('switch', { name: 'View Email' }).check();
    await expectToast(admin, 'Permission updated successfully');
    await screenshot(admin, 'settings-1280');
    expect(await seriousA11yViolations(admin)).toEqual([]);

    await viewer.getByRole('heading', { name: 'Email Marketing' }).waitFor();
    await viewer.getByText('Channel Dashboard').waitFor({ timeout: 20_000 });
    await viewer.locator('[role="grid"]').waitFor();
  });

  it('saves the settings page at 390 px', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto('/auth');
    await page.getByLabel('Email').fill('root@example.com');
    await page.getByLabel('Password').fill('admin-pass');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Welcome back, root@example.com').waitFor();
    await page.goto('/settings');
    // A phone shows the list first, then one user's permissions with a way back.
    const users = page.getByRole('navigation', { name: 'Users' });
    await users.getByRole('searchbox', { name: 'Search users' }).waitFor();
    await screenshot(page, 'settings-390');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await users.getByRole('button', { name: /root@example\.com/ }).click();
    await page.getByText('Global Calendar Permissions').waitFor();
    expect(await users.count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'All users' }).click();
    await users.waitFor();
  });

  it('creates an idea, comments on it and converts it to a campaign', async () => {
    await admin.getByRole('link', { name: 'Ideas' }).first().click();
    await admin.getByText('Brainstorm, collaborate, and develop campaign concepts').waitFor();
    await admin.getByRole('button', { name: 'New Idea' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New Campaign Idea' });
    await dialog.getByLabel('Title *').fill('Customer podcast');
    await dialog.getByLabel('Description').fill('Interview a customer every month');
    await dialog.getByRole('button', { name: 'Create Idea' }).click();
    await expectToast(admin, 'Idea Created', 'Your new idea has been successfully created.');

    const card = admin.getByRole('article', { name: 'Customer podcast' });
    await card.getByRole('button', { name: '0 comments on Customer podcast' }).click();
    await card.getByPlaceholder('Share your thoughts on this idea...').fill('Start with our biggest account.');
    await card.getByRole('button', { name: 'Post Comment' }).click();
    await card.getByText('Start with our biggest account.').waitFor();

    await card.getByRole('button', { name: 'Convert to Campaign' }).click();
    const form = admin.getByRole('dialog', { name: 'Create New Campaign' });
    expect(await form.getByLabel('Campaign Title').inputValue()).toBe('Customer podcast');
    await form.getByRole('button', { name: 'Create Campaign' }).click();
    await expectToast(admin, 'Campaign Created', '"Customer podcast" has been converted to a campaign.');
    await card.waitFor();
    await screenshot(admin, 'ideas-1280');
  });
});
