import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../../packages/server/src/test/oidc-provider';
import { hasChromium } from './support/browser';
import { expectToast } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

/** A free loopback port, so PUBLIC_URL (and the redirect URI registered at the provider) is known before start. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe.runIf(hasChromium)('single sign-on in Chromium against a real OpenID provider', () => {
  let idp: TestProvider;
  let h: Harness;
  let off: Harness;
  const ssoEnv = (port: number, extra: Record<string, string> = {}) => ({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: 'Test IdP',
    OIDC_SYNC_SECONDS: '30',
    ...extra,
  });

  beforeAll(async () => {
    idp = await startTestProvider();
    const [port, offPort] = [await freePort(), await freePort()];
    await idp.register(`http://127.0.0.1:${port}/api/auth/sso/callback`, `http://127.0.0.1:${offPort}/api/auth/sso/callback`);
    idp.accounts.set('alice', { email: 'alice@example.com', groups: ['marketing-email'] });
    h = await startHarness({ env: ssoEnv(port) });
    off = await startHarness({ env: ssoEnv(offPort, { AUTH_PASSWORD: 'off' }) });
    // The first account (by password) is the administrator; it maps the provider's group.
    const api = (path: string, body: unknown, token?: string) =>
      fetch(`${h.server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    await api('/api/auth/signup', { email: 'owner@example.com', password: 'owner-password' });
    const owner = await api('/api/auth/signin', { email: 'owner@example.com', password: 'owner-password' });
    for (const grant of ['channel_view:email', 'channel_create:email']) {
      await api('/api/sso/mappings', { claim: 'groups', value: 'marketing-email', grant }, owner.access_token);
    }
  });
  afterAll(async () => {
    await h?.close();
    await off?.close();
    await idp?.close();
  });

  /** What the signed-in page's own session can do, asked of the server with its token. */
  const abilitiesIn = (page: import('playwright-core').Page, refreshFirst = false) =>
    page.evaluate(async (refresh) => {
      let session = JSON.parse(localStorage.getItem('cadence.auth.session')!);
      if (refresh) {
        const res = await fetch('/api/auth/refresh', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh_token: session.refresh_token }) });
        session = await res.json();
      }
      const me = await (await fetch('/api/auth/user', { headers: { Authorization: `Bearer ${session.access_token}` } })).json();
      return { email: me.abilities.channels.email, seo: me.abilities.channels.seo, global: me.abilities.global };
    }, refreshFirst);

  it('signs in with Test IdP through the provider and lands signed in with the e-mail in the welcome line', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth');
    const button = page.getByRole('link', { name: 'Sign in with Test IdP' });
    await button.waitFor();
    expect(await page.getByLabel('Password').count()).toBe(1);
    await screenshot(page, 'auth-sso-1280');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await button.click();
    await page.getByRole('heading', { name: 'Test IdP' }).waitFor();
    await page.getByLabel('Username').fill('alice');
    await page.getByRole('button', { name: 'Log in to Test IdP' }).click();
    await expectToast(page, 'Welcome back!');
    await page.getByText('Welcome back, alice@example.com').waitFor();
    expect(new URL(page.url()).hash).toBe('');

    // The group marketing-email grants the email channel, and nothing else.
    expect(await abilitiesIn(page)).toEqual({ email: { view: true, create: true }, seo: { view: false, create: false }, global: { view: false, create: false } });

    // Removed from the group at the provider: gone at the first refresh after the sync interval.
    idp.accounts.set('alice', { email: 'alice@example.com', groups: [] });
    await new Promise((r) => setTimeout(r, 31_000));
    expect((await abilitiesIn(page, true)).email).toEqual({ view: false, create: false });
  });

  it('lets the administrator see, add and remove group mappings in Settings', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('owner-password');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Welcome back, owner@example.com').waitFor();
    await page.goto('/settings');
    const panel = page.getByRole('region', { name: 'Single sign-on groups' });
    await panel.getByRole('cell', { name: 'Create in Email', exact: true }).waitFor();
    await panel.getByLabel('Group (claim value)').fill('seo-team');
    await panel.getByLabel('Grants').selectOption('channel_view:seo');
    await panel.getByRole('button', { name: 'Add mapping' }).click();
    await panel.getByRole('cell', { name: 'seo-team', exact: true }).waitFor();
    await screenshot(page, 'settings-sso-groups-1280');
    await panel.getByRole('button', { name: 'Remove seo-team → View SEO' }).click();
    await panel.getByRole('cell', { name: 'seo-team', exact: true }).waitFor({ state: 'detached' });
  });

  it('shows what went wrong, without any token, when the sign-in cannot be verified', async () => {
    const { page } = await h.newPage();
    await page.goto('/api/auth/sso/callback?state=forged&code=whatever');
    await page.getByRole('alert').filter({ hasText: 'This sign-in link has expired or was already used. Start again.' }).waitFor();
    expect(page.url()).not.toContain('forged');
  });

  it('offers only single sign-on when AUTH_PASSWORD=off, and the server refuses password sign-in with 403', async () => {
    const { page } = await off.newPage();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Sign Up' }).count()).toBe(0);
    await screenshot(page, 'auth-sso-only-1280');
    const res = await fetch(`${off.server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'alice@example.com', password: 'whatever' }),
    });
    expect(res.status).toBe(403);
  });
});
