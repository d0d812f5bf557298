import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// The built `cadence` binary against a real server process on a fresh database.
let server: ServerProcess;
let work: string;
let env: Record<string, string>;
const cli = (args: string[], input?: string, extra: Record<string, string> = {}) => runCli(args, { ...env, ...extra }, input);
const file = (name: string, text: string) => {
  const p = path.join(work, name);
  writeFileSync(p, text);
  return p;
};

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-'));
  env = { CADENCE_CONFIG_DIR: path.join(work, 'config'), HOME: work };
  for (const email of ['admin@example.com', 'ann@example.com', 'bob@example.com']) {
    const res = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret1' }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
  }
}, 180_000);
afterAll(async () => server?.stop());

describe('signing in', () => {
  it('should refuse to run without a server or a login, as usage and failure', async () => {
    const none = await cli(['users', 'list']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/cadence login/);
    const notSignedIn = await cli(['users', 'list', '--api-url', server.url]);
    expect(notSignedIn.code).toBe(1);
    expect(notSignedIn.stderr).toMatch(/Not signed in/);
  });

  it('should log in with --password-stdin, keep the token with mode 600, and say who it is', async () => {
    const bad = await cli(['login', '--api-url', server.url, '--email', 'admin@example.com', '--password-stdin'], 'wrong\n');
    expect(bad.code).toBe(1);
    const res = await cli(['login', '--api-url', server.url, '--email', 'admin@example.com', '--password-stdin'], 'secret1\n');
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/Signed in to .* as admin@example.com/);
    expect(statSync(path.join(env.CADENCE_CONFIG_DIR!, 'config.json')).mode & 0o777).toBe(0o600);
    const me = await cli(['whoami', '--json']);
    expect(me.code).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ user: { email: 'admin@example.com' }, role: 'admin' });
  });

  it('should answer a missing argument or a bad choice with exit code 2', async () => {
    expect((await cli(['permissions', 'grant'])).code).toBe(2);
    expect((await cli(['export', 'campaigns', '--format', 'pdf'])).code).toBe(2);
    expect((await cli(['nonsense'])).code).toBe(2);
    const help = await cli(['import', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Examples?:/);
  });
});

describe('users and permissions', () => {
  it('should list users and set roles by e-mail, naming an unknown one', async () => {
    const list = await cli(['users', 'list', '--json']);
    expect(JSON.parse(list.stdout).map((u: { email: string }) => u.email)).toEqual(['admin@example.com', 'ann@example.com', 'bob@example.com']);
    const unknown = await cli(['roles', 'set', 'nobody@example.com', 'admin']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('"nobody@example.com"');
    expect((await cli(['roles', 'set', 'bob@example.com', 'admin'])).code).toBe(0);
    expect((await cli(['roles', 'set', 'bob@example.com', 'none'])).code).toBe(0);
    expect((await cli(['roles', 'set', 'bob@example.com', 'owner'])).code).toBe(2);
  });

  it('should grant and revoke, refusing an unknown channel by name', async () => {
    expect((await cli(['permissions', 'grant', 'ann@example.com', 'channel_view', '--channel', 'email', '--channel', 'seo'])).code).toBe(0);
    const show = await cli(['permissions', 'show', 'ann@example.com', '--json']);
    expect(JSON.parse(show.stdout).permissions).toEqual([
      { permission_type: 'channel_view', channel: 'email' },
      { permission_type: 'channel_view', channel: 'seo' },
    ]);
    const badChannel = await cli(['permissions', 'grant', 'ann@example.com', 'channel_view', '--channel', 'fax']);
    expect(badChannel.code).toBe(2);
    expect(badChannel.stderr).toContain('"fax"');
    expect((await cli(['permissions', 'revoke', 'ann@example.com', 'channel_view', '--channel', 'seo'])).code).toBe(0);
    expect(JSON.parse((await cli(['permissions', 'show', 'ann@example.com', '--json'])).stdout).permissions).toHaveLength(1);
  });

  it('should apply a permissions file: a dry run changes nothing, a second run changes nothing', async () => {
    const team = file('team.csv', 'email,permission,channel\nann@example.com,global_view,\nann@example.com,channel_create,email\nbob@example.com,channel_view,pr\n');
    const dry = await cli(['permissions', 'apply', team, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('ann@example.com:\n  + global_view\n  + channel_create:email\n  - channel_view:email');
    expect(dry.stderr).toMatch(/Dry run: 4 change\(s\)/);
    expect(JSON.parse((await cli(['permissions', 'show', 'ann@example.com', '--json'])).stdout).permissions).toHaveLength(1);

    const real = await cli(['permissions', 'apply', team, '--json']);
    expect(JSON.parse(real.stdout)).toMatchObject({ dry_run: false, changes: 4 });
    const again = await cli(['permissions', 'apply', team]);
    expect(again.stdout).toBe('ann@example.com: no change\nbob@example.com: no change\n');
    expect(again.stderr).toMatch(/0 change\(s\)/);

    const broken = file('broken.json', JSON.stringify({ users: [{ email: 'ann@example.com', permissions: ['channel_view'] }, { email: 'ghost@example.com', permissions: [] }] }));
    const res = await cli(['permissions', 'apply', broken]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/channel_view needs a channel/);
  });
});

describe('access keys', () => {
  it('should create a key shown once, use it for scripts, list it, and revoke it', async () => {
    const created = await cli(['keys', 'create', '--name', 'Intranet', '--read-only', '--channels', 'email']);
    expect(created.code).toBe(0);
    const secret = created.stdout.trim();
    expect(secret).toMatch(/^cad_/);
    const listed = JSON.parse((await cli(['keys', 'list', '--json'])).stdout);
    const key = listed.find((k: { name: string }) => k.name === 'Intranet');
    expect(key).toMatchObject({ read_only: true, channels: ['email'] });
    const asKey = await cli(['whoami', '--json', '--api-url', server.url], undefined, { CADENCE_TOKEN: secret });
    expect(JSON.parse(asKey.stdout).abilities.read_only).toBe(true);
    expect((await cli(['keys', 'revoke', key.id])).code).toBe(2);
    expect((await cli(['keys', 'revoke', key.id, '--yes'])).code).toBe(0);
    expect((await cli(['whoami', '--api-url', server.url], undefined, { CADENCE_TOKEN: secret })).code).toBe(1);
  });
});

describe('single sign-on mappings', () => {
  it('should map a group to grants, refuse an unknown grant with exit code 2, list and unmap', async () => {
    const bad = await cli(['sso', 'map', 'marketing-email', 'channel_view:fax']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown grant "channel_view:fax"/);
    expect((await cli(['sso', 'map', 'marketing-email', 'channel_view:email', 'channel_create:email'])).code).toBe(0);
    const listed = JSON.parse((await cli(['sso', 'list', '--json'])).stdout);
    expect(listed.map((m: { claim: string; value: string; grant: string }) => [m.claim, m.value, m.grant])).toEqual([
      ['groups', 'marketing-email', 'channel_create:email'],
      ['groups', 'marketing-email', 'channel_view:email'],
    ]);
    expect((await cli(['sso', 'unmap', listed[0].id])).code).toBe(0);
    expect(JSON.parse((await cli(['sso', 'list', '--json'])).stdout)).toHaveLength(1);
  });
});

describe('imports', () => {
  it('should import prospective publications from CSV and .xlsx with skipped lines reported', async () => {
    const csv = file('pubs.csv', 'Name,Region,Industry,Audience,Website,Media Kit Link,Contacts,Notes\n"Power, Weekly",NA,Energy,,see power.example/ads,,,\n,EMEA,,,,,,\n');
    const res = await cli(['import', 'prospective-publications', csv, '--json']);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ imported: 1, skipped: [{ line: 3, reason: 'Name is empty' }] });
    // The progress counts the file's data rows; the server decides which are imported or skipped.
    expect(res.stderr).toMatch(/Importing 2 row\(s\): 0\/2/);

    const xlsx = path.join(work, 'pubs.xlsx');
    await writeExcelFile([
      ['Name', 'Region', 'Industry'],
      ['Tunnels Weekly', 'EMEA', 'Construction'],
      ['power, weekly', 'NA', 'Energy'],
    ]).toFile(xlsx);
    const fromXlsx = await cli(['import', 'prospective-publications', xlsx, '--skip-existing']);
    expect(fromXlsx.code).toBe(0);
    expect(fromXlsx.stdout).toContain('line 3: skipped: A prospective publication with this name already exists');
    expect(fromXlsx.stderr).toMatch(/imported 1 row\(s\), skipped 1/);
  });

  it('should stream a prospective-publications CSV, naming every bad line and field, and import nothing from it', async () => {
    const good = Array.from({ length: 3000 }, (_, i) => `Streamed ${i},NA,,,see s${i}.example/ads`);
    const bad = file('pubs-bad.csv', ['Name,Region', ...good, `${'x'.repeat(301)},NA`, `Fine,${'r'.repeat(301)}`].join('\n'));
    const res = await cli(['import', 'prospective-publications', bad]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/Importing 3002 row\(s\): 0\/3002/);
    expect(res.stderr).toContain('Line 3002: name: Must be at most 300 characters (and 1 more problem(s); nothing was imported)');
    expect(res.stderr).toContain('line 3003: region: Must be at most 300 characters');
    const ok = file('pubs-ok.csv', ['Name,Region', ...good].join('\r\n'));
    const imported = await cli(['import', 'prospective-publications', ok, '--json']);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ imported: 3000, skipped: [] });
    expect(imported.stderr).toMatch(/Importing 3000 row\(s\): 3000\/3000/);
    const empty = await cli(['import', 'prospective-publications', file('pubs-empty.csv', 'Name,Region\n')]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('pubs-empty.csv: File must contain at least a header row and one data row');
    expect((await cli(['import', 'prospective-publications', path.join(work, 'missing.csv')])).stderr).toContain('no such file');
  });

  it('should refuse a campaigns file with bad lines, naming every one, and import nothing', async () => {
    const bad = file('bad.csv', 'title,planning_start_date,live_date,channels\nGood,2026-01-01,2026-01-05,email\nNo date,2026-13-01,2026-01-05,email\n,2026-01-01,2026-01-05,fax\n');
    const res = await cli(['import', 'campaigns', bad]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('line 3: planning_start_date');
    expect(res.stderr).toContain('line 4: title');
    expect(res.stderr).toContain('line 4: channels.0');
    expect(res.stderr).toMatch(/nothing was imported/);
    const list = await fetchJson('/api/campaigns');
    expect(list).toEqual([]);
  });

  it('should import campaigns and events from the templates, with a dry run first', async () => {
    const campaigns = path.join(work, 'campaigns.csv');
    expect((await cli(['template', 'campaigns', '--out', campaigns])).code).toBe(0);
    const dry = await cli(['import', 'campaigns', campaigns, '--dry-run', '--json']);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, imported: 2 });
    expect(await fetchJson('/api/campaigns')).toEqual([]);
    expect(JSON.parse((await cli(['import', 'campaigns', campaigns, '--json'])).stdout).imported).toBe(2);
    const twice = await cli(['import', 'campaigns', campaigns, '--skip-existing', '--json']);
    expect(JSON.parse(twice.stdout)).toMatchObject({ imported: 0, skipped: [{ line: 2 }, { line: 3 }] });

    const events = path.join(work, 'events.csv');
    await cli(['template', 'events', '--out', events]);
    const ev = await cli(['import', 'events', events, '--json']);
    expect(JSON.parse(ev.stdout).imported).toBe(2);
    expect((await fetchJson('/api/events')).map((e: { name: string }) => e.name)).toEqual(['WaterTech Americas', 'Critical Minerals Forum']);
  });
});

describe('exports', () => {
  it('should export iCalendar that parses, filtered by channel', async () => {
    const res = await cli(['export', 'campaigns', '--format', 'ics', '--channel', 'email']);
    expect(res.code).toBe(0);
    const cal = new ICAL.Component(ICAL.parse(res.stdout));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(['Spring newsletter']);
    expect(events[0]!.endDate.toString()).toBe('2026-04-16');
  });

  it('should export CSV that imports back as it was, with formula-looking cells escaped', async () => {
    await fetchJson('/api/campaigns', { title: '=HYPERLINK("http://evil")', planning_start_date: '2026-05-01', live_date: '2026-05-02', channels: ['pr'] });
    const out = path.join(work, 'export.csv');
    expect((await cli(['export', 'campaigns', '--out', out])).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);

    const other = await startServerProcess();
    try {
      await fetch(`${other.url}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'x@example.com', password: 'secret1' }) });
      const env2 = { CADENCE_CONFIG_DIR: path.join(work, 'config2') };
      await cli(['login', '--api-url', other.url, '--email', 'x@example.com', '--password-stdin'], 'secret1\n', env2);
      expect(JSON.parse((await cli(['import', 'campaigns', out, '--json'], undefined, env2)).stdout).imported).toBe(3);
      const again = await cli(['export', 'campaigns'], undefined, env2);
      const sorted = (s: string) => s.trim().split('\r\n').sort();
      expect(sorted(again.stdout)).toEqual(sorted(text));
    } finally {
      await other.stop();
    }
    // A second server, started from source on a new database (every migration, up to the harness's
    // 90 s on a busy machine), then an import and an export: more than a CLI command's minute.
  }, 180_000);
});

async function fetchJson(p: string, body?: unknown) {
  const config = JSON.parse(readFileSync(path.join(env.CADENCE_CONFIG_DIR!, 'config.json'), 'utf8'));
  const res = await fetch(`${server.url}${p}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${config.accessToken}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}
