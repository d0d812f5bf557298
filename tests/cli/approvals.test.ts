import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence approvals rules list|set`, `status` and `request` (docs/adr/0056) with the built binary against a real server.
let server: ServerProcess;
let work: string;
let adminEnv: Record<string, string>;
let token: string;
let campaignId: string;
let client: ReturnType<typeof apiClient>;

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  client = apiClient(server.url);
  work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-approvals-'));
  token = (await client.signUpAndIn('admin@example.com', 'secret1')).token;
  const lee = await client.signUpAndIn('lee@example.com', 'secret1');
  const bea = await client.signUpAndIn('bea@example.com', 'secret1');
  await client.signUpAndIn('stranger@example.com', 'secret1');
  for (const u of [lee, bea]) await client.call('POST', `/api/users/${u.userId}/permissions`, { token, body: { permission_type: 'global_view' } });
  const campaign = await client.call('POST', '/api/campaigns', { token, body: { title: 'Spring launch', planning_start_date: '2030-01-01', live_date: '2030-01-20', channels: ['email', 'seo'] } });
  campaignId = campaign.body.id;
  adminEnv = { CADENCE_CONFIG_DIR: path.join(work, 'admin'), HOME: work };
  const res = await runCli(['login', '--api-url', server.url, '--email', 'admin@example.com', '--password-stdin'], adminEnv, 'secret1\n');
  if (res.code !== 0) throw new Error(`login failed: ${res.stderr}`);
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence approvals', () => {
  it('should set a rule in steps by e-mail and list it', async () => {
    const set = await runCli(['approvals', 'rules', 'set', 'email', '--rule', 'every', '--steps', 'Legal=lee@example.com;Brand=BEA@example.com'], adminEnv);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('email: every reviewer of Legal (lee@example.com), then Brand (bea@example.com)');
    const one = await runCli(['approvals', 'rules', 'set', 'seo', '--rule', 'one', '--reviewers', 'lee@example.com,bea@example.com'], adminEnv);
    expect(one.code, one.stderr).toBe(0);
    const list = await runCli(['approvals', 'rules', 'list'], adminEnv);
    expect(list.stdout).toMatch(/email\s+every\s+Legal: lee@example.com → Brand: bea@example.com/);
    expect(list.stdout).toMatch(/seo\s+one\s+Review: lee@example.com, bea@example.com/);
    expect(list.stdout).toMatch(/social\s+none\s+-/);
  });

  it('should refuse a reviewer without rights on the channel (exit 1, naming them), and bad arguments (exit 2), changing nothing', async () => {
    const stranger = await runCli(['approvals', 'rules', 'set', 'email', '--rule', 'one', '--reviewers', 'stranger@example.com'], adminEnv);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('stranger@example.com may not see Email campaigns, so cannot review them');
    const unknown = await runCli(['approvals', 'rules', 'set', 'email', '--rule', 'one', '--reviewers', 'nobody@example.com'], adminEnv);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user has the e-mail "nobody@example.com"');
    expect((await runCli(['approvals', 'rules', 'set', 'email', '--rule', 'one'], adminEnv)).code).toBe(2);
    expect((await runCli(['approvals', 'rules', 'set', 'nowhere', '--rule', 'none'], adminEnv)).code).toBe(2);
    expect((await runCli(['approvals', 'rules', 'set', 'email', '--rule', 'one', '--steps', 'Legal'], adminEnv)).stderr).toContain('--steps: step 1 must be NAME=reviewer,reviewer');
    const rules = (await client.call('GET', '/api/approval-rules', { token })).body;
    expect(rules.find((r: any) => r.channel === 'email').mode).toBe('every');
  });

  it('should request review and show the state per channel, the gate closed until they approve', async () => {
    const before = await runCli(['approvals', 'status', campaignId], adminEnv);
    expect(before.stdout).toMatch(/email\s+Review not requested/);
    expect(before.stdout).toContain('Cannot go live yet');
    const requested = await runCli(['approvals', 'request', campaignId, '--comment', 'Final copy'], adminEnv);
    expect(requested.code, requested.stderr).toBe(0);
    expect(requested.stderr).toContain('Review requested for email, seo');
    const after = await runCli(['approvals', 'status', campaignId, '--json'], adminEnv);
    const state = JSON.parse(after.stdout);
    expect(state.channels.map((c: any) => [c.channel, c.state, c.current_step])).toEqual([['email', 'pending', 0], ['seo', 'pending', 0]]);
    expect(state.missing.channels).toHaveLength(2);
    expect((await runCli(['approvals', 'status', 'not-an-id'], adminEnv)).code).toBe(2);
  });
});
