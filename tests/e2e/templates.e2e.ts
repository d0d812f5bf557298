import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { expectToast, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// docs/adr/0054: "New campaign from template" against a real server: go-live on a Monday, every task
// lands on its working day, the weekend and the install's holiday skipped. Settings → Templates at
// 1280 and 390 px.
describe.runIf(hasChromium)('the app in Chromium: campaign templates', () => {
  let h: Harness;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  let designer: { token: string; userId: string };
  const adminLogin = { email: 'ann@example.com', password: 'admin-pass' };

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(adminLogin.email, adminLogin.password);
    designer = await api.signUpAndIn('dee@example.com', 'designer-pass');
    expect((await api.call('POST', `/api/users/${designer.userId}/permissions`, { token: admin.token, body: { permission_type: 'global_view' } })).status).toBe(201);
    const created = await api.call('POST', '/api/templates', {
      token: admin.token,
      body: {
        name: 'Product launch',
        defaults: { channels: ['email'], priority: 'high' },
        planning_offset: 5,
        roles: ['Designer'],
        tasks: [
          { title: 'Kick-off', offset: 0, anchor: 'planning_start', required: true },
          { title: 'Design assets', offset: -2, role: 'Designer' },
          { title: 'Share results', offset: 1 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const holiday = await api.call('POST', '/api/working-calendar/closed-days', { token: admin.token, body: { day: '2030-03-15', label: 'Founders\' Day' } });
    expect(holiday.status, JSON.stringify(holiday.body)).toBe(201);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a campaign from a template with go-live on a Monday: every task on its working day, the weekend and a holiday skipped', async () => {
    const { page } = await h.newPage();
    await signIn(page, adminLogin.email, adminLogin.password);
    await page.getByRole('button', { name: 'From template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New campaign from template' });
    await dialog.getByRole('option', { name: 'Product launch' }).waitFor({ state: 'attached' });
    await dialog.getByLabel(/Campaign title/).fill('Spring launch');
    // Monday 18 March 2030, with Friday 15 a holiday: two working days before is Wednesday 13 March
    // (not Saturday 16, nor Thursday 14 as a weekend-only count would say); planning starts five
    // working days before go-live, on Friday 8 March.
    await dialog.getByLabel(/Go-live date/).fill('2030-03-18');
    const preview = dialog.getByRole('region', { name: 'Where each task lands' });
    await preview.getByText('Wednesday, March 13, 2030', { exact: false }).waitFor();
    await preview.getByText('Planning starts Friday, March 8, 2030').waitFor();
    await dialog.getByLabel('Designer').selectOption({ label: 'dee@example.com' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'new-from-template-1280');
    await dialog.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(page, 'Campaign created', '"Spring launch" with 3 tasks from "Product launch"');

    const campaigns = (await api.call('GET', '/api/campaigns', { token: admin.token })).body as Array<{ id: string; title: string; planning_start_date: string; live_date: string }>;
    const made = campaigns.find((c) => c.title === 'Spring launch')!;
    expect(made).toMatchObject({ planning_start_date: '2030-03-08', live_date: '2030-03-18' });
    const tasks = (await api.call('GET', `/api/campaigns/${made.id}/tasks`, { token: admin.token })).body as Array<{ title: string; due_date: string; assignee_id: string | null }>;
    expect(tasks.map((t) => [t.title, t.due_date, t.assignee_id])).toEqual([
      ['Kick-off', '2030-03-08', null],
      ['Design assets', '2030-03-13', designer.userId],
      ['Share results', '2030-03-19', null],
    ]);
  });

  // One test per width, each with its own time: two sign-ins and four axe runs in one test outgrew
  // a minute on a busy CI machine.
  it.each([{ width: 1280, height: 800 }, { width: 390, height: 844 }])('keeps templates in Settings at $width px, axe clean, edited from the keyboard', async (viewport) => {
    const { page } = await h.newPage(viewport);
    await signIn(page, adminLogin.email, adminLogin.password);
    await page.goto('/settings/templates');
    const list = page.getByRole('list', { name: 'Templates' });
    await list.getByText('Product launch').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await list.getByRole('button', { name: 'Edit Product launch' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit template' });
    await dialog.getByRole('group', { name: 'Task 2' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `templates-settings-${viewport.width}`);
    await page.keyboard.press('Escape');
    await page.close();
  });
});
