import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { openSocket } from '../test/socket';
import { siteFromConfig } from './origins';

/** A request whose Host and forwarding headers are the attacker's to choose (fetch would not send them). */
function rawRequest(url: string, options: { method?: string; path: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
    const target = new URL(url);
    const req = http.request(
      { host: target.hostname, port: target.port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const linkIn = (text: string) => /(https?:\/\/\S+)/.exec(text)?.[1] ?? '';
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('forged Host, Origin and X-Forwarded-* (no PUBLIC_URL)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: true });
    await t.signUpAndIn('victim@example.com');
  });
  afterAll(async () => t?.close());

  const forged = (extra: Record<string, string> = {}) => ({ Host: 'evil.example', Origin: 'http://evil.example', ...extra });
  const resetBody = JSON.stringify({ email: 'victim@example.com', appUrl: 'http://evil.example' });

  it('should refuse a reset link to the attacker’s site and mail nothing', async () => {
    const withOrigin = await rawRequest(t.url, {
      method: 'POST', path: '/api/functions/send-password-reset', body: resetBody,
      headers: { ...forged(), 'Content-Type': 'application/json' },
    });
    expect(withOrigin.status).toBe(403);
    const withoutOrigin = await rawRequest(t.url, {
      method: 'POST', path: '/api/functions/send-password-reset', body: resetBody,
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http', 'Content-Type': 'application/json' },
    });
    expect(withoutOrigin.status).toBe(400);
    expect(withoutOrigin.body.error.details[0].path).toBe('appUrl');
    await settle();
    expect(t.services.mailer.sent.filter((m) => m.subject.startsWith('Reset'))).toEqual([]);
  });

  it('should allow no CORS access from the forged origin', async () => {
    for (const headers of [forged(), forged({ 'X-Forwarded-Host': 'evil.example', Host: '127.0.0.1' })]) {
      const pre = await rawRequest(t.url, {
        method: 'OPTIONS', path: '/api/campaigns',
        headers: { ...headers, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization' },
      });
      expect(pre.status).toBe(403);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const get = await rawRequest(t.url, { path: '/api/health', headers });
      expect(get.status).toBe(403);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('should refuse a WebSocket upgrade from the forged origin', async () => {
    await expect(openSocket(t.url, forged())).rejects.toThrow(/403/);
    await expect(openSocket(t.url, forged({ 'X-Forwarded-Host': 'evil.example' }))).rejects.toThrow(/403/);
  });

  it('should mail the development site (localhost on the listening port) when no appUrl is given', async () => {
    const port = new URL(t.url).port;
    expect(t.services.site.url).toBe(`http://localhost:${port}`);
    expect([...t.services.site.origins].sort()).toEqual([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
    const res = await rawRequest(t.url, {
      method: 'POST', path: '/api/functions/send-password-reset', body: JSON.stringify({ email: 'victim@example.com' }),
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    await settle();
    const [mail] = t.services.mailer.sent.filter((m) => m.subject.startsWith('Reset'));
    expect(linkIn(mail!.text)).toMatch(new RegExp(`^http://localhost:${port}/auth\\?token=`));
  });
});

describe('with PUBLIC_URL set', () => {
  let t: TestServer;
  const PUBLIC_URL = 'https://cadence.example.com';
  beforeAll(async () => {
    t = await startTestServer({ PUBLIC_URL, ALLOWED_ORIGINS: ['https://intranet.example'] });
    await t.signUpAndIn('owner@example.com');
  });
  afterAll(async () => t?.close());

  const reset = (appUrl?: string, headers: Record<string, string> = {}) =>
    t.api('POST', '/api/functions/send-password-reset', { body: { email: 'owner@example.com', ...(appUrl ? { appUrl } : {}) }, headers });
  const lastResetLink = async () => {
    await settle();
    const mails = t.services.mailer.sent.filter((m) => m.subject.startsWith('Reset'));
    return linkIn(mails[mails.length - 1]!.text);
  };

  it('should start every mailed link with PUBLIC_URL, whatever the request says about itself', async () => {
    expect((await reset(undefined, { 'X-Forwarded-Host': 'evil.example' })).status).toBe(200);
    expect(await lastResetLink()).toMatch(/^https:\/\/cadence\.example\.com\/auth\?token=[\w-]+$/);

    await t.api('POST', '/api/auth/signup', { body: { email: 'new@example.com', password: 'secret1' } });
    const confirmation = t.services.mailer.sent.find((m) => m.to === 'new@example.com');
    expect(linkIn(confirmation!.text)).toMatch(/^https:\/\/cadence\.example\.com\/api\/auth\/confirm\?token=/);
  });

  it('should build a link on an allowed appUrl, and refuse the server’s own listening address and any other', async () => {
    await t.api('POST', '/api/auth/signup', { body: { email: 'intranet@example.com', password: 'secret1' } });
    const ok = await t.api('POST', '/api/functions/send-password-reset', { body: { email: 'intranet@example.com', appUrl: 'https://intranet.example/cadence/' } });
    expect(ok.status).toBe(200);
    await settle();
    const mail = t.services.mailer.sent.filter((m) => m.to === 'intranet@example.com' && m.subject.startsWith('Reset'));
    expect(linkIn(mail[0]!.text)).toMatch(/^https:\/\/intranet\.example\/cadence\/auth\?token=/);

    for (const appUrl of [t.url, 'https://evil.example', 'https://cadence.example.com.evil.example']) {
      const res = await t.api('POST', '/api/functions/send-password-reset', { body: { email: 'owner@example.com', appUrl } });
      expect(res.status, appUrl).toBe(400);
      expect(res.body.error.details).toEqual([{ path: 'appUrl', message: expect.stringContaining('https://cadence.example.com') }]);
    }
  });

  it('should answer CORS for PUBLIC_URL and ALLOWED_ORIGINS only', async () => {
    for (const origin of [PUBLIC_URL, 'https://intranet.example']) {
      const res = await fetch(`${t.url}/api/health`, { headers: { Origin: origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    }
    // The address the process happens to listen on is not the site once PUBLIC_URL says where it is.
    expect((await fetch(`${t.url}/api/health`, { headers: { Origin: t.url } })).status).toBe(403);
    await expect(openSocket(t.url, { Origin: t.url })).rejects.toThrow(/403/);
    (await openSocket(t.url, { Origin: PUBLIC_URL })).ws.close();
  });
});

describe('siteFromConfig', () => {
  it('should take the site from PUBLIC_URL without its trailing slash, and add ALLOWED_ORIGINS', () => {
    const site = siteFromConfig({ PUBLIC_URL: 'https://plan.example.com/cadence/', ALLOWED_ORIGINS: ['https://intranet.example/'], PORT: 8787 });
    expect(site).toEqual({ url: 'https://plan.example.com/cadence', origins: new Set(['https://plan.example.com', 'https://intranet.example']), configured: true });
  });

  it('should default to localhost on the given port when PUBLIC_URL is unset', () => {
    const site = siteFromConfig({ ALLOWED_ORIGINS: [], PORT: 8787 }, 9000);
    expect(site.url).toBe('http://localhost:9000');
    expect(site.configured).toBe(false);
    expect(site.origins).toEqual(new Set(['http://localhost:9000', 'http://127.0.0.1:9000']));
  });
});
