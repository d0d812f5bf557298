import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence rules list|export|import` and `cadence conflicts list` (docs/adr/0062-planning-rules.md)
// with the built binary against a real server.
let server: ServerProcess;
let work: string;
let adminEnv: Record<string, string>;
let annEnv: Record<string, string>;
let adminToken: string;

async function login(email: string): Promise<Record<string, string>> {
  const env = { CADENCE_CONFIG_DIR: path.join(work, email), HOME: work };
  const res = await runCli(['login', '--api-url', server.url, '--email', email, '--password-stdin'], env, 'secret1\n');
  if (res.code !== 0) throw new Error(`login ${email} failed: ${res.stderr}`);
  return env;
}

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  const client = apiClient(server.url);
  work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-rules-'));
  adminToken = (await client.signUpAndIn('admin@example.com', 'secret1')).token;
  await client.signUpAndIn('ann@example.com', 'secret1');
  adminEnv = await login('admin@example.com');
  annEnv = await login('ann@example.com');
  for (const [title, live_date] of [['Winter sale', '2027-01-11'], ['New year note', '2027-01-12']]) {
    const res = await client.call('POST', '/api/campaigns', { token: adminToken, body: { title, planning_start_date: '2027-01-01', live_date, channels: ['email'], audiences: ['Customers'] } });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence rules and conflicts', () => {
  it('imports a JSON file all or nothing, lists the rules for anyone, and exports what imports back', async () => {
    const bad = path.join(work, 'bad.json');
    writeFileSync(bad, JSON.stringify({ rules: [{ kind: 'non_working', severity: 'block' }, { kind: 'audience_load', audience: 'Customers', limit: 0 }] }));
    const refused = await runCli(['rules', 'import', bad], adminEnv);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('rules.1.limit');
    expect((await runCli(['rules', 'list'], annEnv)).stdout).toContain('No planning rules');

    const good = path.join(work, 'rules.json');
    writeFileSync(good, JSON.stringify({ rules: [{ kind: 'audience_load', channel: 'email', audience: 'Customers', limit: 1, period: 'week' }, { kind: 'non_working', severity: 'block' }] }));
    const ok = await runCli(['rules', 'import', good], adminEnv);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Replaced the planning rules with 2 rules');
    expect((await runCli(['rules', 'import', good], annEnv)).code).not.toBe(0);
    const list = await runCli(['rules', 'list'], annEnv);
    expect(list.stdout).toMatch(/warn\s+At most 1 e-mail send to Customers a week/);
    expect(list.stdout).toMatch(/block\s+No go-live on a non-working day/);

    const out = path.join(work, 'exported.json');
    expect((await runCli(['rules', 'export', '--out', out], adminEnv)).code).toBe(0);
    const exported = JSON.parse(readFileSync(out, 'utf8'));
    expect(exported.rules).toHaveLength(2);
    expect((await runCli(['rules', 'import', out], adminEnv)).stdout).toContain('with 2 rules');
  });

  it('lists the conflicts of a window, as a table and as CSV', async () => {
    const list = await runCli(['conflicts', 'list', '--from', '2027-01-01', '--to', '2027-01-31'], adminEnv);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/2027-01-11\s+warn\s+2 e-mail sends to Customers that week; the limit is 1/);
    const csv = await runCli(['conflicts', 'list', '--from', '2027-01-01', '--to', '2027-01-31', '--csv'], adminEnv);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('date,severity,rule,message,campaigns,campaign_ids');
    expect(csv.stdout).toContain('Winter sale; New year note');
    const wrong = await runCli(['conflicts', 'list', '--from', '2027-02-30', '--to', '2027-03-01'], adminEnv);
    expect(wrong.code).not.toBe(0);
  });

  it('refuses a campaigns file whose line breaks a blocking rule, naming the line and the rule, and imports nothing', async () => {
    // The rules of the first test hold: no go-live on a non-working day is a block.
    const before = (await apiClient(server.url).call('GET', '/api/campaigns', { token: adminToken })).body as unknown[];
    const file = path.join(work, 'campaigns.csv');
    writeFileSync(file, 'title,planning_start_date,live_date,channels\nTuesday launch,2027-02-01,2027-02-09,social\nSaturday launch,2027-02-01,2027-02-13,social\n');
    const refused = await runCli(['import', 'campaigns', file], adminEnv);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Line 3, "Saturday launch": Goes live on Saturday, a non-working day/);
    const after = (await apiClient(server.url).call('GET', '/api/campaigns', { token: adminToken })).body as unknown[];
    expect(after).toHaveLength(before.length);
  });
});
