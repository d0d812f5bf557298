import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { browserDay, expectToast, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// docs/adr/0056: request review → a reviewer in another browser approves → the campaign goes live;
// a campaign whose approval is missing cannot be made Live by the dialog, the card's menu or the API
// (409 naming what is missing), and an administrator's override is in its history. At 390 px too.
describe.runIf(hasChromium)('the app in Chromium: approvals and the go-live gate', () => {
  let h: Harness;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  let reviewer: { token: string; userId: string };
  const adminLogin = { email: 'ada@example.com', password: 'admin-pass' };
  const reviewerLogin = { email: 'rita@example.com', password: 'review-pass' };
  const ids: Record<string, string> = {};

  const campaign = async (page: Page, title: string) => {
    const day = (n: number) => browserDay(page, n);
    const res = await api.call('POST', '/api/campaigns', {
      token: admin.token,
      body: { title, planning_start_date: await day(-3), live_date: await day(2), end_date: await day(9), channels: ['email'] },
    });
    expect(res.status).toBe(201);
    ids[title] = res.body.id;
  };
  const stored = async (title: string) => (await api.call('GET', `/api/campaigns/${ids[title]}`, { token: admin.token })).body;
  const openDialog = async (page: Page, title: string) => {
    await page.getByRole('tab', { name: 'Campaign List' }).click();
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    await dialog.waitFor();
    return dialog;
  };

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(adminLogin.email, adminLogin.password);
    reviewer = await api.signUpAndIn(reviewerLogin.email, reviewerLogin.password);
    expect((await api.call('POST', `/api/users/${reviewer.userId}/permissions`, { token: admin.token, body: { permission_type: 'global_view' } })).status).toBe(201);
    await api.signUpAndIn('otto@example.com', 'outsider-pass');
    const rule = await api.call('PUT', '/api/approval-rules/email', { token: admin.token, body: { mode: 'one', steps: [{ name: 'Brand', reviewer_ids: [reviewer.userId] }] } });
    expect(rule.status).toBe(200);
    const { page } = await h.newPage();
    await campaign(page, 'Autumn Launch');
    await campaign(page, 'Winter Sale');
    await page.close();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('requests review; a reviewer in another browser approves; then the campaign goes live', async () => {
    const { page } = await h.newPage();
    await signIn(page, adminLogin.email, adminLogin.password);
    const dialog = await openDialog(page, 'Autumn Launch');
    await dialog.getByRole('tab', { name: 'Review' }).click();
    await dialog.getByRole('img', { name: 'Email: Review not requested' }).waitFor();
    await dialog.getByRole('button', { name: 'Request review' }).click();
    await dialog.getByRole('img', { name: 'Email: Waiting for review' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'review-requested-1280');

    // The reviewer reads campaigns only: the card's Tasks dialog carries the review.
    const other = await h.newPage();
    await signIn(other.page, reviewerLogin.email, reviewerLogin.password);
    await other.page.getByRole('tab', { name: 'Campaign List' }).click();
    await other.page.getByRole('article', { name: 'Autumn Launch' }).getByRole('button', { name: 'Tasks of Autumn Launch' }).click();
    const review = other.page.getByRole('dialog', { name: 'Tasks: Autumn Launch' });
    await review.getByRole('img', { name: 'Email: Waiting for review' }).waitFor();
    await review.getByLabel('Comment').fill('Copy and legal lines look right');
    expect(await seriousA11yViolations(other.page)).toEqual([]);
    await review.getByRole('button', { name: 'Approve Email' }).click();
    await review.getByRole('img', { name: 'Email: Approved' }).waitFor();
    // Its card carries the approval too (campaigns.approval_summary, issue 32): a word and a name.
    await other.page.keyboard.press('Escape');
    await other.page.getByRole('article', { name: 'Autumn Launch' }).getByRole('img', { name: 'Approval: approved (Email)' }).waitFor({ timeout: 10_000 });

    // The first browser follows through the realtime feed, then goes live.
    await dialog.getByRole('img', { name: 'Email: Approved' }).waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Go live' }).click();
    await expect.poll(async () => (await stored('Autumn Launch')).status).toBe('live');
    const history = (await api.call('GET', `/api/campaigns/${ids['Autumn Launch']}/history`, { token: admin.token })).body.entries as Array<{ action: string; actor: { id: string } }>;
    expect(history.map((e) => [e.action, e.actor.id])).toEqual(expect.arrayContaining([['review_request', admin.userId], ['approve', reviewer.userId]]));
  });

  it('refuses Live by the dialog, the card menu and the API while an approval is missing; an administrator overrides with a reason', async () => {
    const { page } = await h.newPage();
    await signIn(page, adminLogin.email, adminLogin.password);
    const dialog = await openDialog(page, 'Winter Sale');
    await dialog.getByLabel('Status').selectOption({ label: 'Live' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Cannot go live yet', 'approval missing for Email');
    expect((await stored('Winter Sale')).status).toBe('planning');
    await page.keyboard.press('Escape');

    const card = page.getByRole('article', { name: 'Winter Sale' });
    await card.getByRole('button', { name: 'Actions for Winter Sale' }).click();
    await page.getByRole('menuitem', { name: 'Mark as Live' }).click();
    await expectToast(page, 'Cannot go live yet', 'Email: not requested');
    await expect.poll(async () => (await stored('Winter Sale')).status).toBe('planning');

    const res = await api.call('PATCH', `/api/campaigns/${ids['Winter Sale']}`, { token: admin.token, body: { status: 'live' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'not_ready', details: [{ path: 'approvals.email', message: 'Email: not requested' }] });

    const again = await openDialog(page, 'Winter Sale');
    await again.getByRole('tab', { name: 'Review' }).click();
    await again.getByRole('button', { name: 'Go live' }).click();
    const alert = again.getByRole('alert');
    await alert.getByText('This campaign cannot go live yet').waitFor();
    await alert.getByLabel('Reason to go live anyway').fill('Brand approved by phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Go live anyway' }).click();
    await expect.poll(async () => (await stored('Winter Sale')).status).toBe('live');
    const history = (await api.call('GET', `/api/campaigns/${ids['Winter Sale']}/history`, { token: admin.token })).body.entries as Array<{ action: string; changes: any }>;
    expect(history.find((e) => e.action === 'override')?.changes.override.after).toEqual({ reason: 'Brand approved by phone' });
  });

  it('lets an administrator set a channel\'s rule in Settings, refusing a reviewer without rights on it', async () => {
    const { page } = await h.newPage();
    await signIn(page, adminLogin.email, adminLogin.password);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Approvals' });
    const social = section.getByRole('group', { name: 'Social Media', exact: true });
    await social.getByLabel('Rule', { exact: true }).selectOption({ label: 'One reviewer of each step' });
    await social.getByLabel('Reviewers', { exact: true }).selectOption({ label: 'otto@example.com' });
    await social.getByRole('button', { name: 'Save the Social Media rule' }).click();
    await social.getByRole('alert').getByText('otto@example.com may not see Social Media campaigns, so cannot review them').waitFor();
    expect((await api.call('GET', '/api/approval-rules', { token: admin.token })).body.find((r: { channel: string }) => r.channel === 'social').mode).toBe('none');
    await social.getByLabel('Reviewers', { exact: true }).selectOption({ label: reviewerLogin.email });
    await social.getByRole('button', { name: 'Save the Social Media rule' }).click();
    await expect.poll(async () => (await api.call('GET', '/api/approval-rules', { token: admin.token })).body.find((r: { channel: string }) => r.channel === 'social').steps).toEqual([
      { name: 'Review', reviewer_ids: [reviewer.userId], reviewer_emails: [reviewerLogin.email] },
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the review panel at 390 px, axe clean', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    const other = await campaignOnPhone(page);
    await other.getByRole('img', { name: 'Email: Review not requested' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'review-panel-390');
  });

  async function campaignOnPhone(page: Page) {
    await campaign(page, 'Phone Launch');
    await signIn(page, adminLogin.email, adminLogin.password);
    const dialog = await openDialog(page, 'Phone Launch');
    await dialog.getByRole('tab', { name: 'Review' }).click();
    return dialog;
  }
});
