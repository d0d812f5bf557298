import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { mayLogMailContent } from '../../config';
import { createLogger } from '../../logger';
import { createMailer } from '../../mail/mailer';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ AUTH_REQUIRE_CONFIRMATION: true, RATE_RESET_PER_IP: 5 });
});
afterAll(async () => t?.close());

const linkIn = (text: string) => /(https?:\/\/\S+)/.exec(text)?.[1] ?? '';
const mailsTo = (email: string) => t.services.mailer.sent.filter((m) => m.to === email);

describe('confirmation', () => {
  it('should mail a link that confirms the address and redirects to the site root', async () => {
    await t.api('POST', '/api/auth/signup', { body: { email: 'confirm@example.com', password: 'secret1' } });
    const blocked = await t.api('POST', '/api/auth/signin', { body: { email: 'confirm@example.com', password: 'secret1' } });
    expect(blocked.status).toBe(401);
    expect(blocked.body.error.message).toMatch(/Confirm your e-mail/);

    const [mail] = mailsTo('confirm@example.com');
    expect(mail?.subject).toBe('Confirm your Cadence account');
    const res = await fetch(linkIn(mail!.text), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${t.services.site.url}/?email_confirmed=1`);
    const ok = await t.api('POST', '/api/auth/signin', { body: { email: 'confirm@example.com', password: 'secret1' } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email_confirmed_at).not.toBeNull();
    const again = await fetch(linkIn(mail!.text), { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(`${t.services.site.url}/?email_confirmed=0`);
  });
});

describe('password reset', () => {
  it('should follow the mailed link, set a new password once, and end the old sessions', async () => {
    await t.api('POST', '/api/auth/signup', { body: { email: 'reset@example.com', password: 'old-password' } });
    await fetch(linkIn(mailsTo('reset@example.com')[0]!.text));
    const old = await t.api('POST', '/api/auth/signin', { body: { email: 'reset@example.com', password: 'old-password' } });

    const send = await t.api('POST', '/api/functions/send-password-reset', { body: { email: 'Reset@Example.com', appUrl: t.url } });
    expect(send.status).toBe(200);
    expect(send.body).toEqual({});
    await expect.poll(() => mailsTo('reset@example.com').length).toBe(2);
    const link = new URL(linkIn(mailsTo('reset@example.com')[1]!.text));
    expect(`${link.origin}${link.pathname}`).toBe(`${t.url}/auth`);
    const token = link.searchParams.get('token')!;

    const short = await t.api('POST', '/api/functions/update-password', { body: { token, newPassword: '12345' } });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toMatch(/at least 6 characters/);
    const done = await t.api('POST', '/api/functions/update-password', { body: { token, newPassword: 'new-password' } });
    expect(done.status).toBe(200);
    expect((await t.api('POST', '/api/auth/signin', { body: { email: 'reset@example.com', password: 'new-password' } })).status).toBe(200);
    expect((await t.api('POST', '/api/auth/signin', { body: { email: 'reset@example.com', password: 'old-password' } })).status).toBe(401);

    const twice = await t.api('POST', '/api/functions/update-password', { body: { token, newPassword: 'third-password' } });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toMatch(/request a new reset link/);
    expect((await t.api('POST', '/api/auth/refresh', { body: { refresh_token: old.body.refresh_token } })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/user', { token: old.body.access_token })).status).toBe(401);
  });

  it('should answer unknown addresses the same way, and mail one address at most once a minute', async () => {
    const unknown = await t.api('POST', '/api/functions/send-password-reset', { body: { email: 'ghost@example.com', appUrl: t.url } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({});
    await t.api('POST', '/api/functions/send-password-reset', { body: { email: 'confirm@example.com', appUrl: t.url } });
    await t.api('POST', '/api/functions/send-password-reset', { body: { email: 'confirm@example.com', appUrl: t.url } });
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo('ghost@example.com')).toEqual([]);
    expect(mailsTo('confirm@example.com').filter((m) => m.subject.startsWith('Reset'))).toHaveLength(1);
  });

  it('should refuse a reset link for a foreign origin, and rate-limit per IP', async () => {
    const foreign = await t.api('POST', '/api/functions/send-password-reset', { body: { email: 'reset@example.com', appUrl: 'https://evil.example' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0].path).toBe('appUrl');
    let last = 200;
    for (let i = 0; i < 6; i++) {
      last = (await t.api('POST', '/api/functions/send-password-reset', { body: { email: `x${i}@example.com`, appUrl: t.url } })).status;
    }
    expect(last).toBe(429);
  });
});

it('should write each mail as an .eml file in DATA_DIR/outbox without SMTP', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadence-mail-'));
  try {
    const mailer = createMailer({ from: 'Cadence <no-reply@cadence.local>', dataDir: dir, log: createLogger('silent') });
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Link: https://x.example/auth?token=abc' });
    const eml = readFileSync(mailer.sent[0]!.file!, 'utf8');
    expect(eml).toMatch(/^Subject: Hello$/m);
    expect(eml).toMatch(/^To: a@example.com$/m);
    expect(eml).toContain('https://x.example/auth?token=abc');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('should log where an outbox mail went, and its link only in development on a terminal', async () => {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const message = { to: 'a@example.com', subject: 'Reset', text: 'Link: https://x.example/auth?token=secret-token' };
  for (const env of [{ LOG_FORMAT: 'json' as const }, { NODE_ENV: 'production' }]) {
    lines.length = 0;
    await createMailer({ from: 'Cadence <no-reply@cadence.local>', dataDir: 'memory', log, logContent: mayLogMailContent(env) }).send(message);
    expect(lines.join('')).toContain('a@example.com');
    expect(lines.join('')).not.toContain('secret-token');
  }
  lines.length = 0;
  await createMailer({ from: 'Cadence <no-reply@cadence.local>', dataDir: 'memory', log, logContent: mayLogMailContent({}) }).send(message);
  expect(lines.join('')).toContain('secret-token');
});
