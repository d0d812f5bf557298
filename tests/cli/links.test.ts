import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayYmd } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from '../support/run-cli';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';

// `cadence links list|revoke` (docs/adr/0061) with the built binary against a real server.
let server: ServerProcess;
let env: Record<string, string>;
let token: string;
let link: { id: string; token: string };
const cli = (args: string[], input?: string) => runCli(args, env, input);
let client: ReturnType<typeof apiClient>;
const api = (method: string, p: string, body?: unknown, bearer = token) => client.call(method, p, { token: bearer, body });

beforeAll(async () => {
  buildCli();
  server = await startServerProcess();
  client = apiClient(server.url);
  const work = mkdtempSync(path.join(tmpdir(), 'cadence-cli-links-'));
  env = { CADENCE_CONFIG_DIR: path.join(work, 'config'), HOME: work };
  token = (await client.signUpAndIn('admin@example.com', 'secret1')).token;
  const login = await cli(['login', '--api-url', server.url, '--email', 'admin@example.com', '--password-stdin'], 'secret1\n');
  if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
  const view = (await api('POST', '/api/views', { name: 'Live email', query: 'channel=email&status=live', shared: true })).body;
  link = (await api('POST', `/api/views/${view.id}/share-links`, { expires_on: addDays(todayYmd(), 30), password: 'for the board' })).body;
  await api('POST', `/api/shared/${link.token}/open`, { password: 'for the board' }, '');
}, 180_000);
afterAll(async () => server?.stop());

describe('cadence links', () => {
  it('should list the open links as a table and as JSON, never their secrets', async () => {
    const text = await cli(['links', 'list']);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+VIEW\s+SHARED BY\s+EXPIRES\s+STATE\s+PASSWORD\s+VISITS\s+FIELDS$/);
    expect(lines[1]).toMatch(new RegExp(`^${link.id}\\s+Live email\\s+admin@example\\.com\\s+\\d{4}-\\d{2}-\\d{2}\\s+open\\s+yes\\s+1\\s+description,details,tasks,approvals$`));
    const json = await cli(['links', 'list', '--json']);
    expect(JSON.parse(json.stdout).map((l: { id: string; visits: number }) => [l.id, l.visits])).toEqual([[link.id, 1]]);
    expect(json.stdout).not.toContain(link.token);
  });

  it('should revoke a link, which then opens no more and lists only with --all', async () => {
    const revoked = await cli(['links', 'revoke', link.id, '--yes']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout + revoked.stderr).toContain(`Revoked link ${link.id}`);
    expect((await api('POST', `/api/shared/${link.token}/open`, { password: 'for the board' }, '')).status).toBe(404);
    expect((await cli(['links', 'list'])).stdout).toContain('No open stakeholder links');
    expect((await cli(['links', 'list', '--all'])).stdout).toMatch(/revoked/);
    const unknown = await cli(['links', 'revoke', '00000000-0000-4000-8000-000000000000', '--yes']);
    expect(unknown.code).not.toBe(0);
  });
});
