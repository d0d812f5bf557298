import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence baselines list|save|rename|delete` (docs/adr/0063-baselines.md) with the built binary against a real server.
let server: ServerProcess;
let work: string;
let adminEnv: Record<string, string>;
let annEnv: Record<string, string>;

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
  work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-baselines-'));
  await client.signUpAndIn('admin@example.com', 'secret1');
  await client.signUpAndIn('ann@example.com', 'secret1');
  adminEnv = await login('admin@example.com');
  annEnv = await login('ann@example.com');
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence baselines', () => {
  it('saves at a moment or now, lists newest moment first as a table and JSON, and refuses a duplicate name', async () => {
    expect((await runCli(['baselines', 'list'], adminEnv)).stdout).toContain('No saved baselines yet');
    const q1 = await runCli(['baselines', 'save', 'Q1 plan', '--at', '2026-01-03T09:00:00Z'], adminEnv);
    expect(q1.code).toBe(0);
    expect(q1.stdout).toContain('Saved baseline "Q1 plan" at 2026-01-03 09:00:00 UTC');
    const now = await runCli(['baselines', 'save', 'Today', '--json'], adminEnv);
    expect(now.code).toBe(0);
    expect(JSON.parse(now.stdout)).toMatchObject({ name: 'Today', created_by_email: 'admin@example.com' });

    const text = (await runCli(['baselines', 'list'], annEnv)).stdout.trim().split('\n');
    expect(text[0]).toMatch(/^NAME\s+MOMENT\s+SAVED BY\s+ID$/);
    expect(text[1]).toMatch(/^Today\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\s+admin@example\.com\s+[0-9a-f-]{36}$/);
    expect(text[2]).toMatch(/^Q1 plan\s+2026-01-03 09:00:00 UTC\s+admin@example\.com\s+[0-9a-f-]{36}$/);
    const json = JSON.parse((await runCli(['baselines', 'list', '--json'], adminEnv)).stdout);
    expect(json.map((b: { name: string }) => b.name)).toEqual(['Today', 'Q1 plan']);

    const duplicate = await runCli(['baselines', 'save', 'q1 PLAN'], adminEnv);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('A baseline named “q1 PLAN” already exists');
    const future = await runCli(['baselines', 'save', 'Later', '--at', '2999-01-01T00:00:00Z'], adminEnv);
    expect(future.code).toBe(1);
    expect(future.stderr).toContain('Must not be in the future');
  });

  it('renames by name or id, and refuses someone who may not change it', async () => {
    const renamed = await runCli(['baselines', 'rename', 'q1 plan', 'Q1 plan, approved 3 Jan'], adminEnv);
    expect(renamed.code).toBe(0);
    expect(renamed.stdout).toContain('Renamed baseline "Q1 plan" to "Q1 plan, approved 3 Jan"');
    const id = JSON.parse((await runCli(['baselines', 'list', '--json'], adminEnv)).stdout).find((b: { name: string }) => b.name === 'Today').id;
    expect((await runCli(['baselines', 'rename', id, 'Now'], adminEnv)).code).toBe(0);
    const refused = await runCli(['baselines', 'rename', 'Now', 'Mine'], annEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Only its creator or an administrator can rename this baseline');
    const missing = await runCli(['baselines', 'rename', 'Nope', 'X'], adminEnv);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No saved baseline named "Nope"');
  });

  it('asks before deleting, deletes with --yes and prints the command that saves it again', async () => {
    const noTty = await runCli(['baselines', 'delete', 'Now'], adminEnv);
    expect(noTty.code).toBe(2);
    expect(noTty.stderr).toContain('Pass --yes to confirm in a script');
    const deleted = await runCli(['baselines', 'delete', 'Q1 plan, approved 3 Jan', '--yes'], adminEnv);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain('Deleted baseline "Q1 plan, approved 3 Jan". To undo: cadence baselines save "Q1 plan, approved 3 Jan" --at 2026-01-03T09:00:00.000Z');
    expect(JSON.parse((await runCli(['baselines', 'list', '--json'], adminEnv)).stdout).map((b: { name: string }) => b.name)).toEqual(['Now']);
    const undo = await runCli(['baselines', 'save', 'Q1 plan, approved 3 Jan', '--at', '2026-01-03T09:00:00.000Z'], adminEnv);
    expect(undo.code).toBe(0);
  });
});
