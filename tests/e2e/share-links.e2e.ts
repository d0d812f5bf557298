import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../packages/server/src/db/connect';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { ensureAppBuilt } from './support/app-build';
import { hasChromium, launchChromium } from './support/browser';
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

  it('shares a view from the side bar, and the page opens signed out without the brief or the owner', async () => {
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

  it('asks for a password and refuses a wrong one', async () => {
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

// A link's expiry passing is not something a test can wait for (the earliest is tomorrow), and the
// server has no clock to move: the server is stopped, the link's expiry written into the past in
// its own database, and the server started again on it, as a day going by would leave it.
describe.runIf(hasChromium)('an expired stakeholder link in Chromium', () => {
  let first: ServerProcess | undefined;
  let again: ServerProcess | undefined;
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await again?.stop();
    // The owner of the data: deletes it.
    await first?.stop();
  });

  it('shows a signed-out visitor the expired page once the expiry date has passed', { timeout: 240_000 }, async () => {
    ensureAppBuilt();
    first = await startServerProcess();
    const api = apiClient(first.url);
    const { token } = await api.signUpAndIn('owner@example.com');
    const today = new Date().toISOString().slice(0, 10);
    await api.call('POST', '/api/campaigns', { token, body: { title: 'Board launch', status: 'live', channels: ['email'], planning_start_date: today, live_date: today } });
    const view = (await api.call('POST', '/api/views', { token, body: { name: 'For the board', query: 'status=live&tab=list', shared: true } })).body;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const link = (await api.call('POST', `/api/views/${view.id}/share-links`, { token, body: { expires_on: tomorrow } })).body;
    expect(link.path).toMatch(/^\/shared\/cad_link_/);

    browser = await launchChromium();
    const visit = async (server: ServerProcess) => {
      const context = await browser!.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.url });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(link.path);
      return page;
    };
    // Before: the page opens.
    const before = await visit(first);
    await before.getByRole('heading', { name: 'For the board' }).waitFor();
    await before.context().close();

    first.signal('SIGTERM');
    await first.exited;
    const { db, pglite } = connect({ dataDir: first.dataDir, ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}) });
    try {
      const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      expect(await db('share_links').where({ id: link.id }).update({ expires_on: past })).toBe(1);
    } finally {
      await db.destroy();
      // PGlite writes its files on close: the restarted server must find the change there.
      if (pglite && !pglite.closed) await pglite.close();
    }
    again = await startServerProcess({}, { shareWith: first });

    const after = await visit(again);
    await after.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await after.getByText(/It has expired or was revoked/).waitFor();
    const text = await after.locator('body').innerText();
    expect(text).not.toContain('Board launch');
    expect(await seriousA11yViolations(after)).toEqual([]);
    await screenshot(after, 'shared-page-expired-390');
    // The page's own request was refused like any unknown link's.
    expect((await apiClient(again.url).call('POST', `/api/shared/${link.token}/open`, { body: {} })).status).toBe(404);
  });
});

