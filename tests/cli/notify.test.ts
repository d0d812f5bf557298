import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence notify prefs` (docs/adr/0060) with the built binary against a real server.
let server: ServerProcess;
let env: Record<string, string>;
let token: string;
const cli = (args: string[], input?: string) => runCli(args, env, input);
let client: ReturnType<typeof apiClient>;

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  client = apiClient(server.url);
  const work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-notify-'));
  env = { CADENCE_CONFIG_DIR: path.join(work, 'config'), HOME: work };
  token = (await client.signUpAndIn('admin@example.com', 'secret1')).token;
  const login = await cli(['login', '--api-url', server.url, '--email', 'admin@example.com', '--password-stdin'], 'secret1\n');
  if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence notify prefs', () => {
  it('should show each kind with its delivery and the digest time, as a table and as JSON', async () => {
    const text = await cli(['notify', 'prefs']);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^KIND\s+DELIVERY\s+WHAT$/);
    expect(lines[1]).toMatch(/^mentioned\s+email\s+Someone mentions me$/);
    expect(text.stdout).toContain('Daily digest at 08:00 (UTC)');
    const json = JSON.parse((await cli(['notify', 'prefs', '--json'])).stdout);
    expect(json).toMatchObject({ digest_time: '08:00', time_zone: 'UTC', kinds: { review_requested: 'email', task_assigned: 'digest' } });
  });

  it('should change the kinds given and the digest time, leaving the rest', async () => {
    const set = await cli(['notify', 'prefs', '--set', 'task_assigned=email', '--set', 'campaign_changed=app', '--digest-time', '07:30', '--time-zone', 'Europe/Paris', '--json']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ digest_time: '07:30', time_zone: 'Europe/Paris', kinds: { task_assigned: 'email', campaign_changed: 'app', mentioned: 'email' } });
    const stored = await client.call('GET', '/api/notification-preferences', { token });
    expect(stored.body).toEqual(JSON.parse(set.stdout));
  });

  it('should refuse an unknown kind or delivery before sending anything (exit 2), and a bad zone with the server\'s message (exit 1)', async () => {
    const kind = await cli(['notify', 'prefs', '--set', 'pigeons=email']);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain('"pigeons" is not a notification kind');
    const delivery = await cli(['notify', 'prefs', '--set', 'mentioned=fax']);
    expect(delivery.code).toBe(2);
    expect(delivery.stderr).toContain('"fax" is not a delivery');
    const zone = await cli(['notify', 'prefs', '--time-zone', 'Mars/Olympus']);
    expect(zone.code).toBe(1);
    expect(zone.stderr).toMatch(/time_zone/);
  });
});
