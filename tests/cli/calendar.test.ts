import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence calendar list|add|remove|import|weekend` (docs/adr/0052-working-calendar.md) with the built binary against a real server.
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
  work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-calendar-'));
  await client.signUpAndIn('admin@example.com', 'secret1');
  await client.signUpAndIn('ann@example.com', 'secret1');
  adminEnv = await login('admin@example.com');
  annEnv = await login('ann@example.com');
}, 180_000);
afterAll(async () => server?.stop());

const ICS = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN',
  'BEGIN:VEVENT', 'UID:xmas', 'DTSTART;VALUE=DATE:20261225', 'DTEND;VALUE=DATE:20261227', 'SUMMARY:Christmas', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:mtg', 'DTSTART:20261229T090000Z', 'DTEND:20261229T100000Z', 'SUMMARY:Planning meeting', 'END:VEVENT',
  'END:VCALENDAR', '',
].join('\r\n');

describe('cadence calendar', () => {
  it('should close a day, list it for anyone signed in, and reopen it', async () => {
    const add = await runCli(['calendar', 'add', '2026-12-31', '--label', "New Year's Eve", '--kind', 'blackout'], adminEnv);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain("Closed 2026-12-31: New Year's Eve (blackout)");
    const list = await runCli(['calendar', 'list', '--from', '2026-12-01', '--to', '2026-12-31'], annEnv);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Weekend: Sat, Sun');
    expect(list.stdout).toMatch(/2026-12-31\s+blackout\s+New Year's Eve\s+manual/);
    const removed = await runCli(['calendar', 'remove', '2026-12-31'], adminEnv);
    expect(removed.code, removed.stderr).toBe(0);
    const json = JSON.parse((await runCli(['calendar', 'list', '--json'], annEnv)).stdout);
    expect(json.closed_days).toEqual([]);
  });

  it('should import an .ics file with a summary, and add nothing the second time', async () => {
    const file = path.join(work, 'holidays.ics');
    writeFileSync(file, ICS);
    const first = await runCli(['calendar', 'import', file], adminEnv);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Closed 2 days; 0 closed already; 1 event skipped');
    expect(first.stdout).toContain('+ 2026-12-25 Christmas');
    expect(first.stdout).toContain('- Planning meeting: Has a time of day, not a whole day');
    const again = await runCli(['calendar', 'import', file], adminEnv);
    expect(again.stdout).toContain('Closed 0 days; 2 closed already');
  });

  it('should refuse a bad date before asking (exit 2), a bad file and a non-admin (exit 1), saving nothing', async () => {
    const badDate = await runCli(['calendar', 'add', '2026-02-30', '--label', 'x'], adminEnv);
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toContain('Must be a date');
    const bad = path.join(work, 'bad.ics');
    writeFileSync(bad, 'not a calendar');
    const badFile = await runCli(['calendar', 'import', bad], adminEnv);
    expect(badFile.code).toBe(1);
    expect(badFile.stderr).toContain('Not an iCalendar file');
    const missing = await runCli(['calendar', 'import', path.join(work, 'nope.ics')], adminEnv);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Cannot read');
    const ann = await runCli(['calendar', 'add', '2027-01-04', '--label', 'Mine'], annEnv);
    expect(ann.code).toBe(1);
    expect(ann.stderr).toContain('Only administrators');
    const list = JSON.parse((await runCli(['calendar', 'list', '--json', '--from', '2027-01-01', '--to', '2027-01-31'], annEnv)).stdout);
    expect(list.closed_days).toEqual([]);
  });

  it('should set the weekend by weekday names', async () => {
    const set = await runCli(['calendar', 'weekend', 'fri', 'sat'], adminEnv);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('Weekend: Fri, Sat');
    expect((await runCli(['calendar', 'weekend', 'funday'], adminEnv)).code).toBe(2);
  });
});
