import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { browserDay, expectToast, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// docs/adr/0049: an assignee who may only read the campaign ticks their task in My work, against a
// real server; the campaign's editor sees the Tasks tab. Both at 390 px as well.
describe.runIf(hasChromium)('the app in Chromium: campaign tasks and My work', () => {
  let h: Harness;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  let viewer: { token: string; userId: string };
  let campaignId: string;
  let taskId: string;
  const viewerLogin = { email: 'vic@example.com', password: 'viewer-pass' };
  const adminLogin = { email: 'ann@example.com', password: 'admin-pass' };

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(adminLogin.email, adminLogin.password);
    viewer = await api.signUpAndIn(viewerLogin.email, viewerLogin.password);
    expect((await api.call('POST', `/api/users/${viewer.userId}/permissions`, { token: admin.token, body: { permission_type: 'global_view' } })).status).toBe(201);
    const { page } = await h.newPage();
    const day = (n: number) => browserDay(page, n);
    const created = await api.call('POST', '/api/campaigns', {
      token: admin.token,
      body: { title: 'Spring Launch', planning_start_date: await day(-5), live_date: await day(3), end_date: await day(10) },
    });
    expect(created.status).toBe(201);
    campaignId = created.body.id;
    const task = await api.call('POST', `/api/campaigns/${campaignId}/tasks`, {
      token: admin.token,
      body: { title: 'Approve the copy', assignee_id: viewer.userId, due_date: await day(-1), required: true },
    });
    expect(task.status).toBe(201);
    taskId = task.body.id;
    expect((await api.call('POST', `/api/campaigns/${campaignId}/tasks`, { token: admin.token, body: { title: 'Book the slot', due_date: await day(2) } })).status).toBe(201);
    await page.close();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lets an assignee with view rights tick their overdue task in My work; the side bar follows', async () => {
    const { page } = await h.newPage();
    await signIn(page, viewerLogin.email, viewerLogin.password);
    const entry = page.getByRole('link', { name: /^My work/ });
    await expect.poll(() => entry.textContent()).toMatch(/1\s*open task/);
    await entry.click();
    await page.getByRole('heading', { name: 'My work', level: 1 }).waitFor();
    const overdue = page.getByRole('list', { name: /Overdue/ });
    await overdue.getByText('Approve the copy').waitFor();
    await overdue.getByText('Overdue').waitFor();
    expect(await page.getByText('Book the slot').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'my-work-1280');
    // A click, not check(): a done task leaves the Open list once it is read again, and check()
    // failed when the row had gone before it looked at the box a second time.
    await page.getByRole('checkbox', { name: 'Done: Approve the copy' }).click();
    await expectToast(page, 'Task done');
    await expect.poll(() => overdue.getByText('Approve the copy').count()).toBe(0);
    await expect.poll(async () => (await api.call('GET', `/api/tasks/${taskId}`, { token: admin.token })).body.status).toBe('done');
    await expect.poll(() => entry.textContent()).toMatch(/0\s*open tasks/);
  });

  it('lets the reader open the campaign\'s tasks from its card and reopen their own', async () => {
    const { page } = await h.newPage();
    await signIn(page, viewerLogin.email, viewerLogin.password);
    await page.getByRole('tab', { name: 'Campaign List' }).click();
    const card = page.getByRole('article', { name: 'Spring Launch' });
    expect(await card.getByRole('button', { name: 'Edit Spring Launch' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Tasks of Spring Launch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tasks: Spring Launch' });
    const own = dialog.getByRole('checkbox', { name: 'Done: Approve the copy' });
    await own.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Done: Book the slot' }).isDisabled()).toBe(true);
    await own.uncheck();
    await expectToast(page, 'Task reopened');
    await expect.poll(async () => (await api.call('GET', `/api/tasks/${taskId}`, { token: admin.token })).body.status).toBe('todo');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await own.check();
    await expectToast(page, 'Task done');
  });

  it('shows the editor the Tasks tab with the tick, and My work fits a phone', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await signIn(page, adminLogin.email, adminLogin.password);
    await page.getByRole('tab', { name: 'Campaign List' }).click();
    const card = page.getByRole('article', { name: 'Spring Launch' });
    await card.getByText('1/2').waitFor();
    await card.getByRole('button', { name: 'Edit Spring Launch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    await dialog.getByRole('tab', { name: 'Tasks' }).click();
    await dialog.getByRole('checkbox', { name: 'Done: Approve the copy' }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Done: Approve the copy' }).isChecked()).toBe(true);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'tasks-tab-390');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/my-work');
    await page.getByRole('heading', { name: 'My work', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'my-work-390');
  });
});
