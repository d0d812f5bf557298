import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../packages/server/src/demo/data';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { signIn } from './support/flows';
import { startHarness, type Harness } from './support/harness';

// docs/adr/0029: the filter bar narrows every tab and the stat cards to what the API answers
// for the same parameters, and the address is the view.
describe.runIf(hasChromium)('filters and links to a view, on the demo install', () => {
  let h: Harness;
  let page: Page;
  let filtered: string[];
  let total: number;
  const admin = DEMO_USERS.find((u) => u.role === 'admin')!;

  const stat = (label: string) => page.locator('.cad-stat', { hasText: label }).locator('dd');
  const listed = async (p: Page) => (await p.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).sort();

  beforeAll(async () => {
    h = await startHarness({ demo: true });
    const api = apiClient(h.server.url);
    const signin = await api.call('POST', '/api/auth/signin', { body: { email: admin.email, password: admin.password } });
    const token = signin.body.access_token as string;
    const res = await api.call('GET', '/api/campaigns?channel=email,social&status=live', { token });
    expect(res.status).toBe(200);
    filtered = (res.body as Array<{ title: string }>).map((c) => c.title).sort();
    total = ((await api.call('GET', '/api/campaigns', { token })).body as unknown[]).length;
    // Not vacuous: the filters keep some campaigns and leave most out.
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(total / 2);
    ({ page } = await h.newPage());
    await signIn(page, admin.email, admin.password);
  });
  afterAll(async () => h?.close());

  it('filters the stat cards, the list and the calendar by two channels and a status, as the API does', async () => {
    await expect.poll(() => stat('Total Campaigns').textContent()).toBe(String(total));
    await page.getByRole('button', { name: 'Channels: All channels' }).click();
    const channels = page.getByRole('dialog', { name: 'Channels' });
    await channels.getByRole('checkbox', { name: 'Email' }).check();
    await channels.getByRole('checkbox', { name: 'Social Media' }).check();
    await page.keyboard.press('Escape');
    await page.getByLabel('Status').selectOption('live');
    await page.waitForURL(/\?channel=email,social&status=live$/);

    await expect.poll(() => stat('Total Campaigns').textContent()).toBe(String(filtered.length));
    expect(await stat('Live Campaigns').textContent()).toBe(String(filtered.length));
    expect(await stat('In Planning').textContent()).toBe('0');
    await page.getByText(`Showing ${filtered.length} of ${total} campaigns`).waitFor();

    await page.getByRole('tab', { name: 'Campaign List', exact: true }).click();
    await page.waitForURL(/\?tab=list&channel=email,social&status=live$/);
    await expect.poll(() => listed(page)).toEqual(filtered);

    await page.getByRole('tab', { name: 'Calendar', exact: true }).click();
    await page.locator('.cad-chip').first().waitFor();
    const chips = await page.locator('[role="gridcell"] .cad-chip').evaluateAll((els) =>
      els.map((e) => e.querySelector('.cad-sr-only')?.textContent ?? e.getAttribute('title') ?? ''));
    expect(chips.length).toBeGreaterThan(0);
    // Only filtered campaigns: no other channel's, and no event or ad (virtual campaigns follow the channel filter).
    expect(chips.filter((t) => !filtered.includes(t))).toEqual([]);
  });

  it('moves between views with Back and Forward', async () => {
    await page.goBack();
    await page.waitForURL(/\?tab=list&/);
    await expect.poll(() => listed(page)).toEqual(filtered);
    await page.goBack();
    await page.waitForURL(/\/\?channel=email,social&status=live$/);
    expect(await page.getByRole('tab', { name: 'Calendar', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.goForward();
    await page.waitForURL(/\?tab=list&/);
  });

  it('reopens the same view from the copied link in a new browser context', async () => {
    const link = page.url();
    const other = await h.newPage();
    await signIn(other.page, admin.email, admin.password);
    await other.page.goto(link);
    await other.page.getByRole('tab', { name: 'Campaign List', exact: true, selected: true }).waitFor();
    expect(await other.page.getByLabel('Status').inputValue()).toBe('live');
    await other.page.getByRole('button', { name: 'Channels: Email, Social Media' }).waitFor();
    await expect.poll(() => listed(other.page)).toEqual(filtered);
    await other.page.getByText(`Showing ${filtered.length} of ${total} campaigns`).waitFor();
  });

  it('drops a bad parameter with a notice and keeps the rest of the view', async () => {
    await page.goto('/?tab=list&status=finished&channel=email,social&colour=red');
    const notice = page.getByRole('status').filter({ hasText: 'Some parts of this link were not used' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('status=finished');
    expect(await notice.textContent()).toContain('colour=red');
    await page.waitForURL(/\?tab=list&channel=email,social$/);
    await page.getByRole('button', { name: 'Channels: Email, Social Media' }).waitFor();
  });
});
