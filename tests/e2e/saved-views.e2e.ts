import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../packages/server/src/demo/data';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { expectToast, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// Saved views (docs/adr/0032): a view saved and shared by one user shows in another user's side bar with its count,
// and reopens the same filtered dashboard; a personal view stays its owner's.
describe.runIf(hasChromium)('saved views, on the demo install', () => {
  let h: Harness;
  let admin: Page;
  let viewer: Page;
  const [adminUser, viewerUser] = [DEMO_USERS.find((u) => u.role === 'admin')!, DEMO_USERS.find((u) => u.role === null)!];
  const QUERY = 'channel=email,social&status=live';
  let counts: { admin: number; viewer: number };
  let adminToken: string;

  const views = (p: Page) => p.getByRole('navigation', { name: 'Views' });
  const viewLink = (p: Page, name: string) => views(p).getByRole('link', { name: new RegExp(`^${name}`) });
  const countOf = async (p: Page, name: string) => (await viewLink(p, name).locator('.sidebar__count').textContent())?.replace(/\D/g, '');
  const serious = async (p: Page) => (await seriousA11yViolations(p)).map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);

  beforeAll(async () => {
    h = await startHarness({ demo: true });
    const api = apiClient(h.server.url);
    const count = async (u: { email: string; password: string }) => {
      const signin = await api.call('POST', '/api/auth/signin', { body: { email: u.email, password: u.password } });
      const token = signin.body.access_token as string;
      if (u === adminUser) adminToken = token;
      const res = await api.call('GET', `/api/campaigns?${QUERY}`, { token });
      return (res.body as unknown[]).length;
    };
    counts = { admin: await count(adminUser), viewer: await count(viewerUser) };
    expect(counts.viewer).toBeGreaterThan(0);
    ({ page: admin } = await h.newPage());
    ({ page: viewer } = await h.newPage());
    await signIn(admin, adminUser.email, adminUser.password);
    await signIn(viewer, viewerUser.email, viewerUser.password);
  }, 180_000);
  afterAll(async () => h?.close());

  it('saves a filtered Global Calendar as a shared view that appears in another user\'s side bar', async () => {
    // The demo's one shared view (it carries the demo's stakeholder link, docs/adr/0061).
    await viewLink(admin, 'Live campaigns').waitFor();
    await admin.getByRole('button', { name: 'Channels: All channels' }).click();
    const channels = admin.getByRole('dialog', { name: 'Channels' });
    await channels.getByRole('checkbox', { name: 'Email' }).check();
    await channels.getByRole('checkbox', { name: 'Social Media' }).check();
    await admin.keyboard.press('Escape');
    await admin.getByLabel('Status').selectOption('live');
    await admin.waitForURL(new RegExp(`\\?${QUERY}$`));

    await admin.getByRole('button', { name: 'Save view' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Save view' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Email, Social Media · Live');
    expect(await serious(admin), 'save view dialog').toEqual([]);
    await screenshot(admin, 'saved-views-dialog-1280');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Live email and social');
    await dialog.getByRole('checkbox', { name: /Share with the team/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'View saved');
    await dialog.waitFor({ state: 'hidden' });

    const own = viewLink(admin, 'Live email and social');
    await own.waitFor();
    expect(await own.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => countOf(admin, 'Live email and social')).toBe(String(counts.admin));

    // The other user's side bar follows without a reload.
    const shared = viewLink(viewer, 'Live email and social');
    await shared.waitFor({ timeout: 20_000 });
    expect(await shared.getAttribute('title')).toBe(`Shared by ${adminUser.email}`);
    await expect.poll(() => countOf(viewer, 'Live email and social')).toBe(String(counts.viewer));
    // The viewer may share it by link (docs/adr/0061), not rename or delete it.
    await views(viewer).getByRole('button', { name: 'Actions for view Live email and social' }).click();
    await viewer.getByRole('menuitem', { name: 'Share link…' }).waitFor();
    expect(await viewer.getByRole('menuitem', { name: 'Rename' }).count()).toBe(0);
    await viewer.keyboard.press('Escape');
    expect(await serious(viewer), 'side bar with a shared view').toEqual([]);
    await screenshot(viewer, 'saved-views-side-bar-1280');
  });

  it('opens the same filtered view from the side bar', async () => {
    await viewLink(viewer, 'Live email and social').click();
    await viewer.waitForURL(new RegExp(`/\\?${QUERY}$`));
    await viewer.getByRole('button', { name: 'Channels: Email, Social Media' }).waitFor();
    expect(await viewer.getByLabel('Status').inputValue()).toBe('live');
    await viewer.getByText(new RegExp(`^Showing ${counts.viewer} of \\d+ campaigns?$`)).waitFor();
    expect(await viewLink(viewer, 'Live email and social').getAttribute('aria-current')).toBe('page');
  });

  it('keeps the count live: a campaign leaving the view lowers it on the other user\'s screen', async () => {
    const api = apiClient(h.server.url);
    const shown = (await api.call('GET', `/api/campaigns?${QUERY}`, { token: adminToken })).body as Array<{ id: string; version: number }>;
    const moved = shown[0]!;
    // The counts move by the change itself (docs/adr/0034): the viewer's page asks for nothing.
    const asked: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/views/counts' || path.startsWith('/api/campaigns')) asked.push(path);
    };
    viewer.on('request', onRequest);
    const res = await api.call('PATCH', `/api/campaigns/${moved.id}`, { token: adminToken, body: { status: 'completed' }, headers: { 'If-Match': String(moved.version) } });
    expect(res.status).toBe(200);
    await expect.poll(() => countOf(viewer, 'Live email and social'), { timeout: 15_000 }).toBe(String(counts.viewer - 1));
    await expect.poll(() => countOf(admin, 'Live email and social'), { timeout: 15_000 }).toBe(String(counts.admin - 1));
    viewer.off('request', onRequest);
    expect(asked).toEqual([]);
    counts = { admin: counts.admin - 1, viewer: counts.viewer - 1 };
  });

  it('keeps a viewer\'s own view to the viewer, who may not share', async () => {
    await viewer.goto('/channel/email?tab=list');
    await viewer.getByRole('button', { name: 'Save view' }).click();
    const dialog = viewer.getByRole('dialog', { name: 'Save view' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('My email list');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(viewer, 'View saved');
    expect(await viewLink(viewer, 'My email list').getAttribute('href')).toBe('/channel/email?tab=list');
    await admin.reload();
    await viewLink(admin, 'Live email and social').waitFor();
    expect(await viewLink(admin, 'My email list').count()).toBe(0);
  });

  it('reaches the views in the phone\'s side bar, axe-clean', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await signIn(page, viewerUser.email, viewerUser.password);
    await page.getByRole('button', { name: 'Toggle side bar' }).click();
    await viewLink(page, 'Live email and social').waitFor();
    await viewLink(page, 'My email list').waitFor();
    expect(await serious(page), 'phone side bar').toEqual([]);
    await screenshot(page, 'saved-views-side-bar-390');
    await viewLink(page, 'Live email and social').click();
    await page.waitForURL(new RegExp(`/\\?${QUERY}$`));
    // The side bar closes once the view is chosen (it slides away: wait for it, do not sample it).
    await page.getByRole('complementary', { name: 'Side bar' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog', { name: 'Save view' }).waitFor();
    expect(await serious(page), 'phone save view dialog').toEqual([]);
    await screenshot(page, 'saved-views-dialog-390');
  });
});
