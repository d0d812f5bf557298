import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInThroughProvider, startTestProvider, type TestProvider } from '../../packages/server/src/test/oidc-provider';
import { BIN, buildCli, runCli } from '../support/run-cli';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// The built `cadence` binary signs in through the real provider; this test plays the browser.
let idp: TestProvider;
let server: ServerProcess;
let env: Record<string, string>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  buildCli();
  idp = await startTestProvider();
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  await idp.register(`${site}/api/auth/sso/callback`);
  idp.accounts.set('dana', { email: 'dana@example.com', groups: [] });
  server = await startServerProcess({
    PORT: String(port),
    PUBLIC_URL: site,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: 'Test IdP',
  });
  const work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-sso-'));
  env = { CADENCE_CONFIG_DIR: path.join(work, 'config'), HOME: work };
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

it('should sign in with --sso through the browser flow and a loopback redirect, then act as that user', async () => {
  const child = spawn(process.execPath, [BIN, 'login', '--sso', '--no-browser', '--api-url', server.url], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  await expect.poll(() => /open this address:\s+(\S+)/.exec(stderr)?.[1], { timeout: 20_000 }).toBeTruthy();
  const start = /open this address:\s+(\S+)/.exec(stderr)![1]!;
  const loopback = new URL(start).searchParams.get('redirect_uri')!;
  expect(new URL(loopback).hostname).toBe('127.0.0.1');

  const back = await signInThroughProvider(server.url, 'dana', { from: start, stopAt: (u) => u.startsWith(loopback) });
  const page = await fetch(back);
  expect(await page.text()).toContain('You can close this tab');
  expect(await exited).toBe(0);
  expect(stderr).toContain(`Signed in to ${server.url} as dana@example.com (Test IdP)`);

  const me = await runCli(['whoami', '--json'], env);
  expect(me.code).toBe(0);
  expect(JSON.parse(me.stdout).user.email).toBe('dana@example.com');
});
