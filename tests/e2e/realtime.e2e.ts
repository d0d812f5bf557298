import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { browserDay, signIn } from './support/flows';
import { startHarness, type Harness } from './support/harness';

// docs/adr/0021-realtime-changes-applied-in-place.md: another user's change costs an open
// dashboard one realtime message, never a download of the campaign lists.
describe.runIf(hasChromium)('the app in Chromium: another user\'s changes arrive without a refetch', () => {
  let h: Harness;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  let planner: { token: string };
  const owner = { email: 'watcher@example.com', password: 'watching-pass' };
  const listRequests: string[] = [];
  let subscribed!: Promise<void>;

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    const admin = await api.signUpAndIn(owner.email, owner.password);
    const other = await api.signUpAndIn('planner@example.com', 'planning-pass');
    for (const permission_type of ['global_view', 'global_create']) {
      const grant = await api.call('POST', `/api/users/${other.userId}/permissions`, { token: admin.token, body: { permission_type } });
      expect(grant.status).toBe(201);
    }
    planner = other;
    ({ page } = await h.newPage());
    subscribed = new Promise((resolve) =>
      page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => String(payload).includes('"topic":"campaigns"') && resolve())));
    page.on('request', (r) => {
      // The list and its counts: a change reaches both in place (ADRs 21 and 34), with no request.
      if (r.method() === 'GET' && ['/api/campaigns', '/api/campaigns/stats'].includes(new URL(r.url()).pathname)) listRequests.push(r.url());
    });
    await signIn(page, owner.email, owner.password);
    await page.locator('[role="gridcell"][aria-current="date"]').waitFor();
    await subscribed;
    await page.waitForLoadState('networkidle');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows another user\'s new campaign within 2 s and removes it when deleted, counts included, with no GET /api/campaigns or its stats', async () => {
    expect(listRequests.length).toBeGreaterThan(0);
    const before = listRequests.length;
    const title = 'Made elsewhere';
    const chip = page.locator(`[role="gridcell"][aria-current="date"] .cad-chip[title="${title}"]`);
    const created = await api.call('POST', '/api/campaigns', {
      token: planner.token,
      body: { title, planning_start_date: await browserDay(page, 0), live_date: await browserDay(page, 2), end_date: await browserDay(page, 4) },
    });
    expect(created.status).toBe(201);
    await chip.waitFor({ timeout: 2_000 });
    await expect.poll(async () => page.getByText('Total Campaigns').locator('..').textContent()).toContain('1');

    const removed = await api.call('DELETE', `/api/campaigns/${created.body.id}`, { token: planner.token });
    expect(removed.status).toBe(204);
    await chip.waitFor({ state: 'detached', timeout: 2_000 });
    await expect.poll(async () => page.getByText('Total Campaigns').locator('..').textContent()).toContain('0');
    expect(listRequests.slice(before)).toEqual([]);
  });
});
