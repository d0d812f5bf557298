import { formatYmd } from '@cadence/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { browserDay, expectToast, signIn } from './support/flows';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness';

// Issue #19: the campaign dialog's History tab against a real server (docs/adr/0028).
describe.runIf(hasChromium)('the app in Chromium: a campaign\'s history, revert and live entries', () => {
  let h: Harness;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  let planner: { token: string };
  let campaignId: string;
  const owner = { email: 'ann@example.com', password: 'history-pass' };
  const title = 'Spring Launch';
  const fmt = (ymd: string) => formatYmd(ymd, 'MMM dd, yyyy');
  let liveBefore: string;
  let liveAfter: string;

  const openEdit = async (name: string) => {
    await page.getByRole('tab', { name: 'Campaign List' }).click();
    await page.getByRole('article', { name }).getByRole('button', { name: `Edit ${name}` }).click();
    return page.getByRole('dialog', { name: 'Edit Campaign' });
  };

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    const admin = await api.signUpAndIn(owner.email, owner.password);
    const other = await api.signUpAndIn('bo@example.com', 'planning-pass');
    for (const permission_type of ['global_view', 'global_create']) {
      expect((await api.call('POST', `/api/users/${other.userId}/permissions`, { token: admin.token, body: { permission_type } })).status).toBe(201);
    }
    planner = other;
    ({ page } = await h.newPage());
    await signIn(page, owner.email, owner.password);
    liveBefore = await browserDay(page, 2);
    liveAfter = await browserDay(page, 3);
    // Made by another planner, so that planner may edit it too (only creators and admins may).
    const created = await api.call('POST', '/api/campaigns', {
      token: planner.token,
      body: { title, planning_start_date: await browserDay(page, 0), live_date: liveBefore, end_date: await browserDay(page, 6) },
    });
    expect(created.status).toBe(201);
    campaignId = created.body.id;
    await page.locator(`.cad-chip[title="${title}"]`).first().waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the title and live-date edits with the editor\'s e-mail, newest first', async () => {
    let dialog = await openEdit(title);
    await dialog.getByLabel('Campaign Title').fill('Summer Launch');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Campaign Updated');
    dialog = await openEdit('Summer Launch');
    await dialog.getByLabel('Live Date').fill(liveAfter);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Campaign Updated');

    dialog = await openEdit('Summer Launch');
    await dialog.getByRole('tab', { name: 'History' }).click();
    const items = dialog.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(3);
    await expect.poll(() => items.nth(0).textContent()).toContain(`${owner.email} changed Live Date ${fmt(liveBefore)} → ${fmt(liveAfter)}`);
    expect(await items.nth(1).textContent()).toContain(`${owner.email} changed Campaign Title ${title} → Summer Launch`);
    expect(await items.nth(2).textContent()).toContain('bo@example.com created this campaign');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('reverts the live date, and the calendar shows the old date', async () => {
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    const items = dialog.getByRole('listitem');
    await items.nth(0).getByRole('button', { name: 'Revert' }).click();
    await expectToast(page, 'Change reverted');
    await expect.poll(() => items.nth(0).textContent()).toContain(`reverted Live Date ${fmt(liveAfter)} → ${fmt(liveBefore)}`);
    await dialog.getByRole('tab', { name: 'Details' }).click();
    expect(await dialog.getByLabel('Live Date').inputValue()).toBe(liveBefore);
    expect(await dialog.getByLabel('Campaign Title').inputValue()).toBe('Summer Launch');
    await page.keyboard.press('Escape');
    await page.getByRole('article', { name: 'Summer Launch' }).getByText(`Live: ${formatYmd(liveBefore, 'MMM dd')}`).waitFor();
    const stored = await api.call('GET', `/api/campaigns/${campaignId}`, { token: planner.token });
    expect(stored.body).toMatchObject({ title: 'Summer Launch', live_date: liveBefore });
  });

  it('shows another user\'s edit in the open History tab without a reload', async () => {
    const dialog = await openEdit('Summer Launch');
    await dialog.getByRole('tab', { name: 'History' }).click();
    const items = dialog.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(4);
    const current = await api.call('GET', `/api/campaigns/${campaignId}`, { token: planner.token });
    const edit = await api.call('PATCH', `/api/campaigns/${campaignId}`, {
      token: planner.token, body: { owner: 'Bo' }, headers: { 'If-Match': `"${current.body.version}"` },
    });
    expect(edit.status).toBe(200);
    await expect.poll(() => items.nth(0).textContent(), { timeout: 5_000 }).toContain('bo@example.com changed Campaign Owner (empty) → Bo');
  });
});

describe.runIf(hasChromium)('the app in Chromium: Settings → Activity', () => {
  let h: Harness;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  let other: { token: string; userId: string };

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    const admin = await api.signUpAndIn('ann@example.com', 'history-pass');
    other = await api.signUpAndIn('bo@example.com', 'planning-pass');
    for (const permission_type of ['global_view', 'global_create']) {
      expect((await api.call('POST', `/api/users/${other.userId}/permissions`, { token: admin.token, body: { permission_type } })).status).toBe(201);
    }
    ({ page } = await h.newPage());
    await signIn(page, 'ann@example.com', 'history-pass');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the whole log for an administrator, filters by person, and shows new entries without a reload', async () => {
    await page.goto('/settings/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    const items = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect.poll(() => items.first().textContent()).toContain('ann@example.com granted a permission');
    const made = await api.call('POST', '/api/campaigns', {
      token: other.token, body: { title: 'Made elsewhere', planning_start_date: '2030-01-01', live_date: '2030-01-05' },
    });
    expect(made.status).toBe(201);
    await expect.poll(() => items.first().textContent(), { timeout: 5_000 }).toContain('bo@example.com created a campaign, ');
    await page.getByLabel('Person').selectOption({ label: 'ann@example.com' });
    await expect.poll(async () => {
      const texts = await items.allTextContents();
      return texts.length > 0 && texts.every((t) => t.startsWith('ann@example.com'));
    }).toBe(true);
    expect(await page.locator('h1').count()).toBe(1);
  });
});
