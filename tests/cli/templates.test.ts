import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addWorkingDays, STANDARD_CALENDAR } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence templates list|export|import|apply` (docs/adr/0054) with the built binary against a real server.
let server: ServerProcess;
let work: string;
let adminEnv: Record<string, string>;
let token: string;
let client: ReturnType<typeof apiClient>;
let annId: string;

const LAUNCH = {
  name: 'Product launch',
  description: 'Six weeks of planning',
  defaults: { channels: ['email'], priority: 'high' },
  planning_offset: 10,
  roles: ['Designer'],
  tasks: [
    { title: 'Brief', offset: 0, anchor: 'planning_start', required: true },
    { title: 'Design', offset: -3, role: 'Designer' },
  ],
};

const campaignCount = async () => ((await client.call('GET', '/api/campaigns', { token })).body as unknown[]).length;

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  client = apiClient(server.url);
  work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-templates-'));
  token = (await client.signUpAndIn('admin@example.com', 'secret1')).token;
  const ann = await client.signUpAndIn('ann@example.com', 'secret1');
  annId = ann.userId;
  await client.call('POST', `/api/users/${ann.userId}/permissions`, { token, body: { permission_type: 'global_view' } });
  await client.signUpAndIn('stranger@example.com', 'secret1');
  adminEnv = { CADENCE_CONFIG_DIR: path.join(work, 'admin'), HOME: work };
  const login = await runCli(['login', '--api-url', server.url, '--email', 'admin@example.com', '--password-stdin'], adminEnv, 'secret1\n');
  if (login.code !== 0) throw new Error(login.stderr);
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence templates', () => {
  it('should import a template from JSON, list it, and export what import reads back', async () => {
    const file = path.join(work, 'launch.json');
    writeFileSync(file, JSON.stringify(LAUNCH));
    const imported = await runCli(['templates', 'import', file], adminEnv);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    expect(imported.stderr).toContain('Imported "Product launch": 2 tasks, roles Designer');
    const listed = await runCli(['templates', 'list'], adminEnv);
    expect(listed.stdout).toMatch(/Product launch\s+2\s+Designer\s+10 working days before go-live/);
    const out = path.join(work, 'exported.json');
    const exported = await runCli(['templates', 'export', 'product LAUNCH', '--out', out], adminEnv);
    expect(exported.code, exported.stderr).toBe(0);
    const back = JSON.parse(readFileSync(out, 'utf8'));
    expect(back).toMatchObject({ ...LAUNCH, tasks: [{ title: 'Brief', offset: 0, anchor: 'planning_start', role: null, assignee_id: null, required: true, note: null }, { title: 'Design', offset: -3, anchor: 'live', role: 'Designer' }] });
    // The exported file imports again under another name.
    writeFileSync(out, JSON.stringify({ ...back, name: 'Product launch (copy)' }));
    expect((await runCli(['templates', 'import', out], adminEnv)).code).toBe(0);
  });

  it('should refuse a template JSON with an unknown role, naming the field, and save nothing', async () => {
    const file = path.join(work, 'bad.json');
    writeFileSync(file, JSON.stringify({ ...LAUNCH, name: 'Bad', tasks: [{ title: 'x', offset: 0, role: 'Editor' }] }));
    const res = await runCli(['templates', 'import', file], adminEnv);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('tasks.0.role: Unknown role "Editor"');
    expect((await runCli(['templates', 'list', '--json'], adminEnv)).stdout).not.toContain('"Bad"');
    writeFileSync(file, '{ not json');
    expect((await runCli(['templates', 'import', file], adminEnv)).code).toBe(2);
  });

  it('should apply a template to 300 campaigns from a CSV in one go, every task placed from its go-live', async () => {
    const before = await campaignCount();
    const lines = ['title,live_date,role:Designer'];
    const lives: string[] = [];
    for (let i = 0; i < 300; i++) {
      const live = addWorkingDays('2031-01-06', i % 40, STANDARD_CALENDAR);
      lives.push(live);
      lines.push(`Webinar ${i + 1},${live},${i % 2 ? 'ann@example.com' : annId}`);
    }
    const file = path.join(work, 'campaigns.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const res = await runCli(['templates', 'apply', 'Product launch', '--file', file], adminEnv);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('Created 300 campaigns from "Product launch" with 600 tasks');
    expect(await campaignCount()).toBe(before + 300);
    const first = res.stdout.trim().split('\n')[0]!.split(/\s+/)[0]!;
    const tasks = (await client.call('GET', `/api/campaigns/${first}/tasks`, { token })).body as Array<{ title: string; due_date: string; assignee_id: string }>;
    expect(tasks.map((x) => [x.title, x.due_date, x.assignee_id])).toEqual([
      ['Brief', addWorkingDays(lives[0]!, -10, STANDARD_CALENDAR), null],
      ['Design', addWorkingDays(lives[0]!, -3, STANDARD_CALENDAR), annId],
    ]);
  }, 120_000);

  it('should create nothing when one row of 300 is bad, naming its line and field', async () => {
    const before = await campaignCount();
    const lines = ['title,live_date,role:Designer'];
    for (let i = 0; i < 300; i++) lines.push(`Batch ${i + 1},2031-03-03,${i === 149 ? 'stranger@example.com' : 'ann@example.com'}`);
    const file = path.join(work, 'bad.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const res = await runCli(['templates', 'apply', 'Product launch', '--file', file], adminEnv);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('line 151: roles.Designer: stranger@example.com may not see this campaign');
    expect(res.stderr).toContain('Nothing was created');
    expect(await campaignCount()).toBe(before);
    // A bad date is refused before the server is asked.
    writeFileSync(file, 'title,live_date\nOne,2031-02-30\n');
    const badDate = await runCli(['templates', 'apply', 'Product launch', '--file', file], adminEnv);
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toContain('line 2: live_date:');
    // JSON rows are named by their place in the list.
    const json = path.join(work, 'rows.json');
    writeFileSync(json, JSON.stringify([{ title: 'A', live_date: '2031-03-03', roles: { Designer: 'ann@example.com' } }, { title: 'B', live_date: '2031-03-03' }]));
    const missing = await runCli(['templates', 'apply', 'Product launch', '--file', json], adminEnv);
    expect(missing.stderr).toContain('item 2: roles.Designer: Choose someone for the role "Designer"');
    expect(await campaignCount()).toBe(before);
  }, 120_000);
});
