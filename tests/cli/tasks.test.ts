import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCsv } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence tasks list|add|done` (docs/adr/0049-campaign-tasks.md) with the built binary against a real server.
let server: ServerProcess;
let work: string;
/** The administrator's login, and Ann's (she may see every campaign and change none). */
let adminEnv: Record<string, string>;
let annEnv: Record<string, string>;
let token: string;
let campaignId: string;
let client: ReturnType<typeof apiClient>;

async function login(email: string): Promise<Record<string, string>> {
  const env = { CADENCE_CONFIG_DIR: path.join(work, email), HOME: work };
  const res = await runCli(['login', '--api-url', server.url, '--email', email, '--password-stdin'], env, 'secret1\n');
  if (res.code !== 0) throw new Error(`login ${email} failed: ${res.stderr}`);
  return env;
}

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  client = apiClient(server.url);
  work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-tasks-'));
  token = (await client.signUpAndIn('admin@example.com', 'secret1')).token;
  const ann = await client.signUpAndIn('ann@example.com', 'secret1');
  await client.signUpAndIn('stranger@example.com', 'secret1');
  await client.call('POST', `/api/users/${ann.userId}/permissions`, { token, body: { permission_type: 'global_view' } });
  const campaign = await client.call('POST', '/api/campaigns', { token, body: { title: 'Spring launch', planning_start_date: '2030-01-01', live_date: '2030-01-20', channels: ['email'] } });
  campaignId = campaign.body.id;
  adminEnv = await login('admin@example.com');
  annEnv = await login('ann@example.com');
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence tasks', () => {
  it('should add tasks by the assignee’s e-mail, with a due date and the required flag, printing the id', async () => {
    const added = await runCli(['tasks', 'add', campaignId, '--title', 'Legal review', '--due', '2030-01-10', '--assignee', 'ANN@example.com', '--required'], adminEnv);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    expect(added.stderr).toContain('Added "Legal review" to "Spring launch", due 2030-01-10, for ann@example.com (required before go-live)');
    const json = await runCli(['tasks', 'add', campaignId, '--title', 'Overdue already', '--due', '2020-01-01', '--json'], adminEnv);
    expect(JSON.parse(json.stdout)).toMatchObject({ title: 'Overdue already', due_date: '2020-01-01', status: 'todo', campaign: { id: campaignId } });
  });

  it('should refuse a bad date before asking (exit 2), and an assignee who may not see the campaign (exit 1), adding nothing', async () => {
    const badDate = await runCli(['tasks', 'add', campaignId, '--title', 'x', '--due', '2030-02-30'], adminEnv);
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toContain('--due: Must be a date (YYYY-MM-DD)');
    const stranger = await runCli(['tasks', 'add', campaignId, '--title', 'x', '--assignee', 'stranger@example.com'], adminEnv);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('No one who may see this campaign has the e-mail "stranger@example.com"');
    const noCampaign = await runCli(['tasks', 'add', 'not-an-id', '--title', 'x'], adminEnv);
    expect(noCampaign.code).toBe(2);
    const tooLong = await runCli(['tasks', 'add', campaignId, '--title', 'x'.repeat(201)], adminEnv);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain('title');
    const list = await runCli(['tasks', 'list', '--campaign', campaignId, '--status', 'all', '--json'], adminEnv);
    expect(JSON.parse(list.stdout).map((t: { title: string }) => t.title)).toEqual(['Legal review', 'Overdue already']);
  });

  it('should list a campaign’s open tasks in order as a table, overdue ones marked', async () => {
    const res = await runCli(['tasks', 'list', '--campaign', campaignId], adminEnv);
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\s+DUE\s+STATUS\s+REQUIRED\s+TITLE\s+ASSIGNEE\s+CAMPAIGN\s+ID$/);
    expect(lines[1]).toMatch(/^\s+2030-01-10\s+To do\s+yes\s+Legal review\s+ann@example\.com\s+Spring launch\s+[0-9a-f-]{36}$/);
    expect(lines[2]).toMatch(/^!\s+2020-01-01\s+To do\s+Overdue already\s+-\s+Spring launch\s+[0-9a-f-]{36}$/);
  });

  it('should let the assignee list their own tasks and mark one done, and nothing more', async () => {
    const mine = await runCli(['tasks', 'list', '--mine', '--json'], annEnv);
    expect(mine.code, mine.stderr).toBe(0);
    const [legal] = JSON.parse(mine.stdout);
    expect(legal).toMatchObject({ title: 'Legal review', assignee_email: 'ann@example.com' });
    const done = await runCli(['tasks', 'done', legal.id], annEnv);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('Done: "Legal review" (Spring launch, 2030-01-20 go-live)');
    expect((await runCli(['tasks', 'list', '--mine'], annEnv)).stdout.trim()).toBe('No open tasks');
    expect((await runCli(['tasks', 'list', '--mine', '--status', 'done'], annEnv)).stdout).toContain('Legal review');
    const [other] = JSON.parse((await runCli(['tasks', 'list', '--campaign', campaignId, '--json'], annEnv)).stdout);
    const refused = await runCli(['tasks', 'done', other.id], annEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error .*may not change this task/i);
    const notHers = await runCli(['tasks', 'add', campaignId, '--title', 'Mine'], annEnv);
    expect(notHers.code).toBe(1);
  });

  it('should act for a key’s creator, and refuse a read-only key’s write', async () => {
    const key = await client.call('POST', '/api/access-keys', { token, body: { name: 'Script', read_only: true } });
    const env = { CADENCE_API_URL: server.url, CADENCE_TOKEN: key.body.secret, HOME: work, CADENCE_CONFIG_DIR: path.join(work, 'key') };
    const all = await runCli(['tasks', 'list', '--status', 'all', '--json'], env);
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout).map((t: { title: string }) => t.title)).toEqual(['Overdue already', 'Legal review']);
    const refused = await runCli(['tasks', 'add', campaignId, '--title', 'x'], env);
    expect(refused.code).toBe(1);
    const bad = await runCli(['tasks', 'list', '--status', 'later'], env);
    expect(bad.code).toBe(2);
  });

  it('should export tasks as CSV with their campaign, assignee e-mail, due date, status and required flag', async () => {
    const all = await runCli(['export', 'tasks'], adminEnv);
    expect(all.code, all.stderr).toBe(0);
    const rows = parseCsv(all.stdout);
    expect(rows[0]).toEqual(['campaign', 'title', 'assignee_email', 'due_date', 'status', 'required']);
    expect(rows.slice(1)).toEqual([
      ['Spring launch', 'Overdue already', '', '2020-01-01', 'todo', 'no'],
      ['Spring launch', 'Legal review', 'ann@example.com', '2030-01-10', 'done', 'yes'],
    ]);
    const out = path.join(work, 'open.csv');
    const open = await runCli(['export', 'tasks', '--status', 'open', '--out', out], adminEnv);
    expect(open.code, open.stderr).toBe(0);
    expect(parseCsv(readFileSync(out, 'utf8')).map((r) => r[1])).toEqual(['title', 'Overdue already']);
    expect(parseCsv((await runCli(['export', 'tasks', '--mine'], annEnv)).stdout).map((r) => r[1])).toEqual(['title', 'Legal review']);
    for (const args of [['--status', 'later'], ['--format', 'ics'], ['--from', '2030-01-01'], ['--campaign', 'nope']]) {
      expect((await runCli(['export', 'tasks', ...args], adminEnv)).code, args.join(' ')).toBe(2);
    }
  });
});
