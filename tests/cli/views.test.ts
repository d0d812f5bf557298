import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence views`, `cadence export campaigns --view` and `cadence keys create --view` with the built binary against a real server.
let server: ServerProcess;
let env: Record<string, string>;
let work: string;
let token: string;
const cli = (args: string[], input?: string) => runCli(args, env, input);
let client: ReturnType<typeof apiClient>;
const api = (method: string, p: string, body?: unknown, bearer = token) => client.call(method, p, { token: bearer, body });
const signIn = (email: string) => client.signUpAndIn(email, 'secret1');

const CAMPAIGNS = [
  { title: 'Live email', channels: ['email'], status: 'live' },
  { title: 'Live email and social', channels: ['email', 'social'], status: 'live' },
  { title: 'Planned email', channels: ['email'], status: 'planning' },
  { title: 'Live social', channels: ['social'], status: 'live' },
];

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  client = apiClient(server.url);
  work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-views-'));
  env = { CADENCE_CONFIG_DIR: path.join(work, 'config'), HOME: work };
  token = (await signIn('admin@example.com')).token;
  const login = await cli(['login', '--api-url', server.url, '--email', 'admin@example.com', '--password-stdin'], 'secret1\n');
  if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
  for (const c of CAMPAIGNS) await api('POST', '/api/campaigns', { ...c, planning_start_date: '2030-01-01', live_date: '2030-01-20' });
  await api('POST', '/api/views', { name: 'Live email', query: 'channel=email&status=live&tab=list', shared: true });
  await api('POST', '/api/views', { name: 'Social', dashboard: 'social', query: 'tab=timeline' });
  // Another user's personal view of the same name as a shared one: the admin sees only the shared one.
  const ann = await signIn('ann@example.com');
  await api('POST', `/api/users/${ann.userId}/permissions`, { permission_type: 'global_view' });
  await api('POST', '/api/views', { name: 'Live email', query: 'status=live' }, ann.token);
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence views', () => {
  it('should list the views with their sharing, campaign count and owner, as a table and as JSON', async () => {
    const text = await cli(['views', 'list']);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+DASHBOARD\s+SHARING\s+CAMPAIGNS\s+OWNER\s+ID$/);
    expect(lines[1]).toMatch(/^Live email\s+global\s+shared\s+2\s+admin@example\.com\s+[0-9a-f-]{36}$/);
    expect(lines[2]).toMatch(/^Social\s+social\s+personal\s+2\s+admin@example\.com\s+[0-9a-f-]{36}$/);
    const json = await cli(['views', 'list', '--json']);
    expect(JSON.parse(json.stdout).map((v: { name: string; count: number }) => [v.name, v.count])).toEqual([['Live email', 2], ['Social', 2]]);
  });

  it('should show one view by name or id, with the full link that opens it', async () => {
    const shown = await cli(['views', 'show', 'live EMAIL']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Sharing:    shared');
    expect(shown.stdout).toContain('Campaigns:  2');
    expect(shown.stdout).toContain(`Link:       ${server.url}/?channel=email&status=live&tab=list`);
    const id = JSON.parse((await cli(['views', 'show', 'Social', '--json'])).stdout).id as string;
    const byId = JSON.parse((await cli(['views', 'show', id, '--json'])).stdout);
    expect(byId).toMatchObject({ name: 'Social', count: 2, link: `${server.url}/channel/social?tab=timeline` });
    const missing = await cli(['views', 'show', 'Nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No saved view named "Nope"');
  });

  it('should export the campaigns a view shows, as CSV and ICS', async () => {
    const csv = await cli(['export', 'campaigns', '--view', 'Live email']);
    expect(csv.code).toBe(0);
    const titles = csv.stdout.trim().split('\n').slice(1).map((l) => l.split(',')[0]).sort();
    expect(titles).toEqual(['Live email', 'Live email and social']);
    const out = path.join(work, 'view.ics');
    expect((await cli(['export', 'campaigns', '--view', 'Social', '--format', 'ics', '--out', out])).code).toBe(0);
    const cal = new ICAL.Component(ICAL.parse(readFileSync(out, 'utf8')));
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Cadence: Social');
    expect(cal.getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('summary'))).sort()).toEqual(['Live email and social', 'Live social']);
    expect((await cli(['export', 'campaigns', '--view', 'Social', '--channel', 'email'])).code).toBe(2);
  });

  it('should create a key bound to a view whose feed lists only the view’s campaigns', async () => {
    const created = await cli(['keys', 'create', '--name', 'Email feed', '--view', 'Live email']);
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('read-only key "Email feed"');
    expect(created.stderr).toContain('bound to view "Live email"');
    const secret = created.stdout.trim();
    const feed = await fetch(`${server.url}/api/calendar.ics?key=${encodeURIComponent(secret)}`);
    const cal = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(cal.getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('summary'))).sort()).toEqual(['Live email', 'Live email and social']);
    const refused = await cli(['views', 'delete', 'Live email', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bound to the access key “Email feed”');
  });

  it('should ask before deleting, refuse a name two views share, and delete with --yes', async () => {
    const noTty = await cli(['views', 'delete', 'Social']);
    expect(noTty.code).toBe(2);
    expect(noTty.stderr).toContain('Pass --yes to confirm in a script');
    await api('POST', '/api/views', { name: 'social', query: 'tab=list', shared: true });
    const ambiguous = await cli(['views', 'delete', 'Social', '--yes']);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toMatch(/2 views are named "Social" \([0-9a-f-]{36} shared, [0-9a-f-]{36} personal\): give the id instead/);
    const id = JSON.parse((await cli(['views', 'list', '--json'])).stdout).find((v: { name: string; shared: boolean }) => v.name === 'Social' && !v.shared).id;
    const deleted = await cli(['views', 'delete', id, '--yes']);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain(`Deleted view "Social" (${id}). To undo within 24 hours: cadence views restore ${id}`);
    expect(JSON.parse((await cli(['views', 'list', '--json'])).stdout).map((v: { name: string }) => v.name)).toEqual(['Live email', 'social']);
    const restored = await cli(['views', 'restore', id]);
    expect(restored.code).toBe(0);
    expect(restored.stderr).toContain(`Restored view "Social" (${id})`);
    expect(JSON.parse((await cli(['views', 'show', id, '--json'])).stdout)).toMatchObject({ id, name: 'Social', dashboard: 'social' });
    const byName = await cli(['views', 'restore', 'Social']);
    expect(byName.code).toBe(2);
    expect(byName.stderr).toContain('"Social" is not a view id: give the id `cadence views delete` printed');
    const again = await cli(['views', 'restore', id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This view can no longer be restored');
  });
});
