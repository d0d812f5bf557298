import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { browserDay, latestMail, linkIn, signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// Issue 33 end to end (docs/adr/0059, 0060): a mention typed in one browser reaches the other
// person's bell at once and their mail; the mail's unsubscribe link works signed out; a digest
// holds the day's items. Against a real server writing its mail to the outbox on disk.
describe.runIf(hasChromium)('the app in Chromium: mentions, the inbox and notification mail', () => {
  let h: Harness;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  let writer: { token: string; userId: string };
  let campaignId: string;
  const adminLogin = { email: 'ann@example.com', password: 'admin-pass' };
  const writerLogin = { email: 'wes@example.com', password: 'writer-pass' };

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(adminLogin.email, adminLogin.password);
    writer = await api.signUpAndIn(writerLogin.email, writerLogin.password);
    expect((await api.call('POST', `/api/users/${writer.userId}/permissions`, { token: admin.token, body: { permission_type: 'global_view' } })).status).toBe(201);
    const { page } = await h.newPage();
    const created = await api.call('POST', '/api/campaigns', {
      token: admin.token,
      body: { title: 'Autumn webinar', planning_start_date: await browserDay(page, -3), live_date: await browserDay(page, 10) },
    });
    expect(created.status).toBe(201);
    campaignId = created.body.id;
    await page.close();
  });
  afterAll(async () => h?.close());

  it('shows a mention typed in one browser in the other person\'s bell at once, and opens the comment from the inbox', async () => {
    const other = await h.newPage();
    await signIn(other.page, writerLogin.email, writerLogin.password);
    const bell = other.page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    const { page } = await h.newPage();
    await signIn(page, adminLogin.email, adminLogin.password);
    await page.goto(`/?campaign=${campaignId}&campaign_tab=comments`);
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.waitFor();
    await box.fill('Can you check the speaker list, @wes');
    await page.getByRole('option', { name: /wes@example\.com/ }).waitFor();
    await box.press('Enter');
    await box.press('End');
    await box.pressSequentially('?');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByRole('list', { name: 'Comments' }).getByText('Can you check the speaker list').waitFor();
    const violations = await seriousA11yViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await screenshot(page, 'campaign-comments-1280');

    // The other browser hears of it without a reload.
    await other.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await other.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const item = other.page.getByRole('link', { name: /ann@example\.com mentioned you on Autumn webinar/ });
    await item.waitFor();
    expect(await seriousA11yViolations(other.page)).toEqual([]);
    await screenshot(other.page, 'inbox-1280');
    await item.click();
    await other.page.getByRole('tab', { name: 'Comments', selected: true }).waitFor();
    await other.page.getByText('Can you check the speaker list').waitFor();
    // Opening it marked it read (the bell behind the dialog says so once the dialog closes).
    await expect.poll(async () => (await api.call('GET', '/api/notifications/unread-count', { token: writer.token })).body.count).toBe(0);
    await other.page.keyboard.press('Escape');
    await other.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  it('mails the mention at once with RFC 8058 headers; its unsubscribe link works signed out and turns off only that kind', async () => {
    const mail = await latestMail(h.server.dataDir, writerLogin.email, 'mentioned you', 20_000);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    // Every link from PUBLIC_URL (the harness's server URL), to the campaign's Comments tab.
    expect(linkIn(mail, 'campaign_tab=comments')).toMatch(new RegExp(`^http://(localhost|127\\.0\\.0\\.1):\\d+/\\?campaign=${campaignId}&campaign_tab=comments$`));
    const unsubscribe = linkIn(mail, '/api/notifications/unsubscribe');

    const signedOut = await h.newPage({ width: 390, height: 844 });
    await signedOut.page.goto(unsubscribe);
    expect(await seriousA11yViolations(signedOut.page)).toEqual([]);
    await signedOut.page.getByRole('button').first().click();
    await signedOut.page.getByText(/no longer|unsubscribed|stopped/i).first().waitFor();
    const prefs = await api.call('GET', '/api/notification-preferences', { token: writer.token });
    expect(prefs.body.kinds).toMatchObject({ mentioned: 'app', review_requested: 'email' });
  });

  it('puts the day\'s digest items in one mail once the person\'s digest time has passed', async () => {
    // A task assignment goes to the digest by default.
    const task = await api.call('POST', `/api/campaigns/${campaignId}/tasks`, { token: admin.token, body: { title: 'Brief the speakers', assignee_id: writer.userId } });
    expect(task.status).toBe(201);
    // Midnight in UTC has always passed: the digest leaves now.
    expect((await api.call('PUT', '/api/notification-preferences', { token: writer.token, body: { digest_time: '00:00', time_zone: 'UTC' } })).status).toBe(200);
    const digest = await latestMail(h.server.dataDir, writerLogin.email, 'Your Cadence digest', 20_000);
    expect(digest).toContain('Brief the speakers');
    expect(digest).toContain('Autumn webinar');
    expect(digest).toContain('List-Unsubscribe:');
  });

  it('shows the inbox as a sheet on a phone, axe-clean', async () => {
    const phone = await h.newPage({ width: 390, height: 844 });
    await signIn(phone.page, writerLogin.email, writerLogin.password);
    const bell = phone.page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await phone.page.getByRole('button', { name: 'Mark all read' }).waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // A sheet over the whole screen, not a strip under the bell.
    const sheet = (await phone.page.locator('.cad-popover').boundingBox())!;
    expect([sheet.x, sheet.y, sheet.width, sheet.height]).toEqual([0, 0, 390, 844]);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'inbox-390');
    await phone.page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(async () => (await api.call('GET', '/api/notifications/unread-count', { token: writer.token })).body.count).toBe(0);
  });
});
