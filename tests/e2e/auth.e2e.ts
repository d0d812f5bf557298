import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { expectToast, latestMail, linkIn, signIn, signOut, signUp } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

if (!hasChromium) console.warn('[e2e] skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)');

describe.runIf(hasChromium)('the app in Chromium: accounts, routes and the side bar', () => {
  let h: Harness;
  const admin = { email: 'ada@example.com', password: 'first-password' };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends a signed-out visitor from / to /auth', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    await page.waitForURL(/\/auth$/);
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Sign Up' }).count()).toBe(1);
    await screenshot(page, 'auth-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('serves the SPA with a strict Content-Security-Policy and nosniff', async () => {
    const res = await fetch(`${h.server.url}/channel/email`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('signs up the first account as administrator, signs out and signs in again', async () => {
    const { page } = await h.newPage();
    await signUp(page, admin.email, admin.password);
    await page.getByRole('button', { name: 'New Campaign' }).waitFor();
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor({ state: 'detached', timeout: 3000 }).catch(() => undefined);
    expect(await page.getByText('Access Denied').count()).toBe(0);
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('cadence.auth.session'))).toBeNull();
    await signIn(page, admin.email, admin.password);
  });

  it('opens a returning user\'s dashboard in a new tab asking the server who they are once', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, admin.email, admin.password);
    await page.getByRole('button', { name: 'New Campaign' }).waitFor();
    const tab = await context.newPage();
    const asked: string[] = [];
    tab.on('request', (r) => new URL(r.url()).pathname === '/api/auth/user' && asked.push(`${r.url()} ${r.headers()['authorization']?.slice(0, 20)} ${Date.now()}`));
    tab.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && !f.payload.includes('"subscribed"') && asked.push(`ws ${f.payload.slice(0, 120)} ${Date.now()}`)));
    await tab.goto(page.url());
    await tab.getByText('Total Campaigns').waitFor();
    await tab.getByRole('button', { name: 'New Campaign' }).waitFor();
    // The session check's answer reaches the widgets: no second round trip before the dashboard draws.
    expect(asked.filter((a) => !a.startsWith('ws ')), asked.join('\n')).toHaveLength(1);
  });

  it('shows the spec texts for an unknown route and an unknown channel', async () => {
    const { page } = await h.newPage();
    await page.goto('/no/such/page');
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(/\/auth$/);
    await page.goto('/channel/carrier-pigeon');
    await page.getByText('Invalid Channel').waitFor();
    await page.getByText('The requested channel does not exist.').waitFor();
  });

  it('resets a forgotten password through the link in the outbox', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Password reset email sent!', 'Check your email for a link to reset your password.');

    const link = linkIn(await latestMail(h.server.dataDir, admin.email, '/auth?token='), '/auth?token=');
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).waitFor();
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => sessionStorage.getItem('cadence.resetToken'))).toBeTruthy();

    await page.getByLabel('New Password', { exact: true }).fill('abcdef1');
    await page.getByLabel('Confirm New Password').fill('abcdef2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, "Passwords don't match", 'Please make sure both passwords are the same.');
    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm New Password').fill('abc');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password too short', 'Password must be at least 6 characters long.');

    await page.getByLabel('New Password', { exact: true }).fill('second-password');
    await page.getByLabel('Confirm New Password').fill('second-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password updated!', 'Your password has been successfully updated. Please sign in.');
    await signIn(page, admin.email, 'second-password');
    admin.password = 'second-password';
  });

  it('collapses the side bar with Ctrl+B, keeps it in the sidebar:state cookie across a reload', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, admin.email, admin.password);
    const sidebar = page.getByRole('complementary', { name: 'Side bar' });
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('.sidebar')?.getBoundingClientRect().width === 48);
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    await page.reload();
    await page.getByText(`Welcome back, ${admin.email}`).waitFor();
    expect((await sidebar.boundingBox())?.width).toBe(48);
    await page.getByRole('link', { name: 'Email' }).click();
    await page.getByText('Channel Dashboard').waitFor();
    expect(await page.getByRole('link', { name: 'Email' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: 'Global Calendar' }).getAttribute('aria-current')).toBeNull();
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('.sidebar')?.getBoundingClientRect().width === 256);
    // It slides; for someone whose system asks for less motion it folds at once.
    const slide = () => page.evaluate(() => getComputedStyle(document.querySelector('.sidebar')!).transitionDuration);
    expect(await slide()).toBe('0.2s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await slide()).toBe('0s');
  });
});
