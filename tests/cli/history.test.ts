import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence history` and `cadence history revert` with the built binary against a real server process.
let server: ServerProcess;
let env: Record<string, string>;
let token: string;
const cli = (args: string[], input?: string) => runCli(args, env, input);
let client: ReturnType<typeof apiClient>;
const api = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => client.call(method, p, { token, body, headers });

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  client = apiClient(server.url);
  const work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-history-'));
  env = { CADENCE_CONFIG_DIR: path.join(work, 'config'), HOME: work };
  const creds = { email: 'admin@example.com', password: 'secret1' };
  token = (await client.signUpAndIn(creds.email, creds.password)).token;
  const login = await cli(['login', '--api-url', server.url, '--email', creds.email, '--password-stdin'], 'secret1\n');
  if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence history', () => {
  it('should print a row\'s changes newest first, as text and as JSON Lines, across pages', async () => {
    const c = (await api('POST', '/api/campaigns', { title: 'Launch', planning_start_date: '2030-01-01', live_date: '2030-03-04' })).body;
    await api('PATCH', `/api/campaigns/${c.id}`, { live_date: '2030-03-11' });
    await api('PATCH', `/api/campaigns/${c.id}`, { title: 'Launch day' });
    const text = await cli(['history', '--id', c.id]);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^#\d+ {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}admin@example\.com {2}update campaigns \S+ {2}title: Launch → Launch day$/);
    expect(lines[1]).toContain('live_date: 2030-03-04 → 2030-03-11');
    expect(lines[2]).toContain('create campaigns');
    // Two entries a page: the same three, one JSON object per line.
    const json = await cli(['history', '--id', c.id, '--json', '--page-size', '2']);
    const entries = json.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(entries[1]).toMatchObject({ resource: 'campaigns', row_id: c.id, actor: { email: 'admin@example.com' }, changes: { live_date: { before: '2030-03-04', after: '2030-03-11' } } });
    const filtered = await cli(['history', '--resource', 'campaigns', '--actor', 'nobody@example.com']);
    expect(filtered).toMatchObject({ code: 0, stdout: '' });
    expect(filtered.stderr).toMatch(/No history entries/);
  });

  it('should refuse bad filters with the server\'s message, and a bad entry number as usage', async () => {
    const bad = await cli(['history', '--since', 'yesterday']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/since/);
    expect((await cli(['history', 'revert', 'abc'])).code).toBe(2);
    expect((await cli(['history', '--page-size', '0'])).code).toBe(2);
  });

  it('should revert an entry, show a dry run first, and name the fields of a conflict', async () => {
    const c = (await api('POST', '/api/campaigns', { title: 'Sale', planning_start_date: '2030-01-01', live_date: '2030-05-01' })).body;
    await api('PATCH', `/api/campaigns/${c.id}`, { live_date: '2030-05-08', title: 'Sale!' });
    const [move] = JSON.parse(`[${(await cli(['history', '--id', c.id, '--json'])).stdout.trim().split('\n').join(',')}]`);
    const dry = await cli(['history', 'revert', move.id, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^Would set (title = Sale; live_date = 2030-05-01|live_date = 2030-05-01; title = Sale)/);
    expect((await api('GET', `/api/campaigns/${c.id}`)).body.live_date).toBe('2030-05-08');
    const done = await cli(['history', 'revert', `#${move.id}`]);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(new RegExp(`^Reverted #${move.id}: set .* \\(entry #\\d+\\)`));
    expect((await api('GET', `/api/campaigns/${c.id}`)).body).toMatchObject({ live_date: '2030-05-01', title: 'Sale' });
    const again = await cli(['history', 'revert', move.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Not reverted: .*\(fields: live_date, title\)/);
  });
});

/** Runs the CLI and reports its peak resident memory (what the kernel counted), in MB. */
function peakRss(args: string[]): Promise<{ code: number; lines: number; rssMb: number }> {
  const report = 'process.on("exit",()=>process.stderr.write("\\nmaxrss:"+process.resourceUsage().maxRSS+"\\n"))';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(report)}`, BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      for (const byte of d) if (byte === 10) lines++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, lines, rssMb: Number(/maxrss:(\d+)/.exec(stderr)?.[1] ?? NaN) / 1024 }));
  });
}

describe('a long history', () => {
  // Entries are written straight into the database, so this needs PostgreSQL (TEST_DATABASE_URL).
  const count = Number(process.env.HISTORY_CLI_ENTRIES ?? 50_000);
  it.skipIf(!process.env.TEST_DATABASE_URL)(`should stream ${count.toLocaleString('en')} entries with a flat memory footprint`, async () => {
    const db = knexFactory({ client: 'pg', connection: server.databaseUrl!, pool: { min: 0, max: 1 } });
    try {
      await db.raw(
        `INSERT INTO history_entries (resource, row_id, action, changes) SELECT 'roles', gen_random_uuid()::text, 'role', '{"role":{"before":null,"after":"admin"}}'::jsonb FROM generate_series(1, ?)`,
        [count],
      );
    } finally {
      await db.destroy();
    }
    const run = await peakRss(['history', '--resource', 'roles', '--json']);
    expect(run.code).toBe(0);
    expect(run.lines).toBeGreaterThanOrEqual(count);
    console.info(`cadence history --json: ${run.lines} entries, peak RSS ${run.rssMb.toFixed(1)} MB`);
    expect(run.rssMb).toBeLessThan(150);
  }, 600_000);
});
