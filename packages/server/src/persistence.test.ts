import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { testConfig } from './config';
import { createServices, startServer } from './server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function boot() {
  const services = createServices({ config: testConfig({ DATA_DIR: dataDir }), dataDir });
  return startServer(services, { port: 0, host: '127.0.0.1', appDir: '/nonexistent', widgetsDir: '/nonexistent' });
}

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

// Starts (and restarts) a whole embedded PostgreSQL from disk: seconds alone, up to a minute with test files side by side on two cores.
it('should keep accounts and sessions in DATA_DIR across a restart of the embedded database', { timeout: 120_000 }, async () => {
  const first = await boot();
  expect((await post(first.url, '/api/auth/signup', { email: 'keep@example.com', password: 'secret1' })).status).toBe(201);
  const session = (await (await post(first.url, '/api/auth/signin', { email: 'keep@example.com', password: 'secret1' })).json()) as {
    access_token: string;
  };
  await first.close();

  const second = await boot();
  try {
    const again = await post(second.url, '/api/auth/signin', { email: 'keep@example.com', password: 'secret1' });
    expect(again.status).toBe(200);
    // The generated JWT secret is kept too, so an access token from before the restart still works.
    const me = await fetch(`${second.url}/api/auth/user`, { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { role: string }).role).toBe('admin');
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  } finally {
    await second.close();
  }
});
