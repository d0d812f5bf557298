import writeExcelFile from 'write-excel-file/node';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CadenceApiError, createHttpClient, type CadenceClient } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

// The core HTTP client against a real server: the contract widgets, app and CLI rely on.
let t: TestServer;
let client: CadenceClient;
let token: string | undefined;
beforeAll(async () => {
  t = await startTestServer();
  client = createHttpClient({ apiUrl: t.url, getToken: () => token });
  await client.auth.signUp('admin@example.com', 'secret1');
  token = (await client.auth.signIn('admin@example.com', 'secret1')).access_token;
});
afterAll(async () => t?.close());

it('should create, read, update with a version and promote through the typed client', async () => {
  const c = await client.campaigns.create({ title: 'Via client', planning_start_date: '2026-02-01', live_date: '2026-02-10', scope: 'channel', primary_channel: 'seo' });
  expect(c.primary_channel).toBe('seo');
  const updated = await client.campaigns.update(c.id, { owner: 'Dana' }, { version: c.version });
  expect(updated.version).toBe(2);
  const promoted = await client.campaigns.promote(c.id, { version: 2 });
  expect(promoted).toMatchObject({ scope: 'global', primary_channel: null });
  expect((await client.campaigns.list({ channel: 'seo' })).map((x) => x.id)).toContain(c.id);
});

it('should raise CadenceApiError with the code, field details and the current row of a conflict', async () => {
  const c = await client.campaigns.create({ title: 'Conflicted', planning_start_date: '2026-02-01', live_date: '2026-02-10' });
  await client.campaigns.update(c.id, { title: 'First' }, { version: 1 });
  const conflict = await client.campaigns.update(c.id, { title: 'Second' }, { version: 1 }).catch((e: unknown) => e);
  expect(conflict).toBeInstanceOf(CadenceApiError);
  expect(conflict).toMatchObject({ status: 412, code: 'conflict', current: { title: 'First' } });

  const invalid = (await client.campaigns.create({ title: '', planning_start_date: 'x', live_date: '2026-01-01' }).catch((e: unknown) => e)) as CadenceApiError;
  expect(invalid.code).toBe('validation_failed');
  expect(invalid.fieldMessage('title')).toBeTruthy();
  expect(invalid.fieldMessage('planning_start_date')).toBe('Must be a date (YYYY-MM-DD)');
});

it('should import an .xlsx file sent as it is, dates as YYYY-MM-DD', async () => {
  const sheet = await writeExcelFile([['Name', 'Region', 'Industry', 'Audience', 'Website', 'Media Kit Link', 'Contacts', 'Notes'], ['Workbook Weekly', 'APAC', 'Rail', null, null, null, null, new Date(Date.UTC(2026, 2, 1))]], { dateFormat: 'yyyy-mm-dd' }).toBuffer();
  const file = new File([new Uint8Array(sheet)], 'pubs.xlsx');
  expect(await client.prospective.importFile(file)).toEqual({ rows: 1, imported: 1, skipped: [] });
  expect((await client.prospective.list()).find((p) => p.name === 'Workbook Weekly')).toMatchObject({ region: 'APAC', notes: '2026-03-01' });
});

it('should import CSV and manage permissions', async () => {
  const report = await client.prospective.importFile('Name,Region\nAcme,NA\n', { dryRun: true });
  expect(report).toEqual({ rows: 1, imported: 1, skipped: [] });
  const { user } = await client.auth.signUp('viewer@example.com', 'secret1');
  await client.users.grant(user.id, 'channel_view', 'email');
  expect((await client.users.permissions(user.id)).map((p) => p.channel)).toEqual(['email']);
  await client.users.revoke(user.id, 'channel_view', 'email');
  expect(await client.users.permissions(user.id)).toEqual([]);
});

it('should report an unreachable server as a network error', async () => {
  const offline = createHttpClient({ apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
  const err = (await offline.ideas.list().catch((e: unknown) => e)) as CadenceApiError;
  expect(err.code).toBe('network_error');
});

it('should read history page by page and revert through the typed client', async () => {
  const c = await client.campaigns.create({ title: 'Tracked', planning_start_date: '2026-02-01', live_date: '2026-03-04' });
  await client.campaigns.update(c.id, { live_date: '2026-03-11' }, { version: 1 });
  await client.campaigns.update(c.id, { title: 'Tracked!' }, { version: 2 });
  const first = await client.history.forRow('campaigns', c.id, { limit: 2 });
  expect(first.entries.map((e) => e.action)).toEqual(['update', 'update']);
  expect(first.entries[1]!.changes).toEqual({ live_date: { before: '2026-03-04', after: '2026-03-11' } });
  const seen: string[] = [];
  for await (const page of client.history.pages({ id: c.id, limit: 1 })) {
    expect(page).toHaveLength(1);
    seen.push(page[0]!.action);
  }
  expect(seen).toEqual(['update', 'update', 'create']);
  const dry = await client.history.revert(first.entries[1]!.id, { dryRun: true });
  expect(dry).toMatchObject({ dry_run: true, plan: { kind: 'update', patch: { live_date: '2026-03-04' } } });
  const done = await client.history.revert(first.entries[1]!.id, { version: 3 });
  expect(done.row).toMatchObject({ live_date: '2026-03-04', title: 'Tracked!' });
  const again = (await client.history.revert(first.entries[1]!.id).catch((e: unknown) => e)) as CadenceApiError;
  expect(again).toMatchObject({ status: 409, code: 'revert_conflict' });
  expect((await client.history.list({ resource: 'campaigns', id: c.id })).entries[0]!.reverts).toBe(first.entries[1]!.id);
});

it('should renew a refused session with its refresh token and send the write again', async () => {
  const anonymous = createHttpClient({ apiUrl: t.url });
  let refresh = (await anonymous.auth.signIn('admin@example.com', 'secret1')).refresh_token;
  let access = 'not-a-token';
  const renewing = createHttpClient({
    apiUrl: t.url,
    getToken: () => access,
    refreshToken: async () => {
      const session = await anonymous.auth.refresh(refresh);
      refresh = session.refresh_token;
      return (access = session.access_token);
    },
  });
  expect(await renewing.campaigns.create({ title: 'After renewal', planning_start_date: '2026-02-01', live_date: '2026-02-10' })).toMatchObject({ title: 'After renewal' });
  expect(access).not.toBe('not-a-token');
});

// Retries, timeouts and renewal over real sockets, against a server that misbehaves on purpose.
describe('the core HTTP client against a node:http server', () => {
  let server: Server;
  let url: string;
  const hits: Record<string, number> = {};
  const handlers: Record<string, (req: IncomingMessage, res: ServerResponse, hit: number) => void> = {
    // Busy once (Retry-After: 1 s), then answers.
    '/api/ideas': (_req, res, hit) => {
      if (hit === 1) res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"id":"i1"}]');
    },
    // Never answers.
    '/api/events': () => undefined,
    // Refuses the old token; echoes the body sent with the new one.
    '/api/campaigns': (req, res) => {
      if (req.headers.authorization !== 'Bearer new') return void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":{"code":"unauthorized","message":"Expired"}}');
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => res.writeHead(201, { 'Content-Type': 'application/json' }).end(body));
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      hits[path] = (hits[path] ?? 0) + 1;
      handlers[path]?.(req, res, hits[path]);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("should retry a read after the server's Retry-After", async () => {
    const client = createHttpClient({ apiUrl: url, accessKey: 'k' });
    const started = Date.now();
    expect(await client.ideas.list()).toEqual([{ id: 'i1' }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(hits['/api/ideas']).toBe(2);
  });

  it('should give up on a server that does not answer within the timeout, without trying again', async () => {
    const client = createHttpClient({ apiUrl: url, accessKey: 'k', timeoutMs: 200 });
    const started = Date.now();
    expect(await client.events.list().catch((e: unknown) => e)).toMatchObject({ status: 0, code: 'network_error' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(hits['/api/events']).toBe(1);
  });

  it('should renew the session on a 401 and send the write again', async () => {
    let token = 'old';
    const client = createHttpClient({ apiUrl: url, getToken: () => token, refreshToken: async () => (token = 'new') });
    expect(await client.campaigns.create({ title: 'Again', planning_start_date: '2025-01-01', live_date: '2025-01-02' })).toMatchObject({ title: 'Again' });
    expect(hits['/api/campaigns']).toBe(2);
  });
});
