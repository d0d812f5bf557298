import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { signUp } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// Stakeholder links (docs/adr/0061): shared from the side bar, the page opens signed out with the view's
// campaigns and without the unticked fields, asks for a password when set, and stops once revoked.
describe.runIf(hasChromium)('stakeholder links in Chromium', () => {
  let h: Harness;
  let admin: Page;
  let token: string;
  let viewId: string;
  const BRIEF = 'Confidential brief words';
  let url: string;

  beforeAll(async () => {
    h = await startHarness();
    ({ page: admin } = await h.newPage());
    await signUp(admin, 'root@example.com', 'admin-pass');
    const api = apiClient(h.server.url);
    token = (await api.call('POST', '/api/auth/signin', { body: { email: 'root@example.com', password: 'admin-pass' } })).body.access_token;
    const today = new Date().toISOString().slice(0, 10);
    for (const [title, status] of [['Stakeholder launch', 'live'], ['Hidden draft', 'planning']] as const) {
      await api.call('POST', '/api/campaigns', { token, body: { title, status, channels: ['email'], summary: BRIEF, owner: 'Olga Owner', planning_start_date: today, live_date: today } });
    }
    viewId = (await api.call('POST', '/api/views', { token, body: { name: 'Live for the board', query: 'status=live&tab=list', shared: true } })).body.id;
    await admin.reload();
  }, 180_000);
  afterAll(async () => h?.close());

  const views = (p: Page) => p.getByRole('navigation', { name: 'Views' });

  it('shares a view from the side bar, and the page opens signed out without the brief or the owner', { timeout: 120_000 }, async () => {
    await views(admin).getByRole('link', { name: /^Live for the board/ }).waitFor();
    await views(admin).getByRole('button', { name: 'Actions for view Live for the board' }).click();
    await admin.getByRole('menuitem', { name: 'Share link…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Share link' });
    expect(await dialog.getByLabel('Creative brief').isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    url = await dialog.getByLabel('New share link').inputValue();
    expect(url).toMatch(/\/shared\/cad_link_/);
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await screenshot(admin, 'share-dialog-1280');

    const { page: stakeholder } = await h.newPage({ width: 390, height: 844 });
    await stakeholder.goto(url);
    await stakeholder.getByRole('heading', { name: 'Live for the board' }).waitFor();
    await stakeholder.getByText(/Shared by root@example\.com/).waitFor();
    await stakeholder.getByRole('tab', { name: 'List' }).click();
    await stakeholder.getByText('Stakeholder launch').first().waitFor();
    const text = await stakeholder.locator('body').innerText();
    expect(text).not.toContain('Hidden draft');
    expect(text).not.toContain(BRIEF);
    expect(text).not.toContain('Olga Owner');
    expect(await stakeholder.getByRole('button', { name: 'New Campaign' }).count()).toBe(0);
    await screenshot(stakeholder, 'shared-page-390');
    expect(await seriousA11yViolations(stakeholder)).toEqual([]);

    // Revoked from the dialog: the page stops at once on its next open.
    await dialog.getByRole('button', { name: /^Revoke link/ }).click();
    await dialog.getByRole('button', { name: 'Revoke now' }).click();
    await dialog.getByText('No open links.').waitFor();
    await stakeholder.reload();
    await stakeholder.getByRole('heading', { name: 'This link no longer works' }).waitFor();
  });

  it('asks for a password and refuses a wrong one', { timeout: 60_000 }, async () => {
    const api = apiClient(h.server.url);
    const expires_on = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const link = (await api.call('POST', `/api/views/${viewId}/share-links`, { token, body: { expires_on, password: 'board only' } })).body;
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.goto(link.path);
    await page.getByRole('heading', { name: 'This page needs a password' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Password').fill('guess');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByText('That password is not right. Try again.').waitFor();
    await page.getByLabel('Password').fill('board only');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Live for the board' }).waitFor();
  });
});
