import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { connect, type Db, type DbKind } from '../db/connect';
import { DEMO_USERS } from '../demo/data';
import { seedDemo } from '../demo/seed';
import { createServices, startServer, type RunningServer } from '../server';
import { createTestDb } from '../test/harness';
import { sleep, subscribedSocket } from '../test/socket';
import { writeBackup, type BackupSummary } from './backup';
import type { Trailer } from './format';
import { restoreBackup } from './restore';
import { dataTables } from './schema';

const dir = mkdtempSync(path.join(tmpdir(), 'cadence-backup-test-'));
const onServer = !!process.env.TEST_DATABASE_URL;
const PNG_HEAD = Buffer.from('89504e470d0a1a0a', 'hex');

interface Host {
  running: RunningServer;
  url: string;
  db: Db;
  kind: DbKind;
  api(method: string, p: string, token?: string, body?: unknown): Promise<{ status: number; body: any; text: string }>;
  close(): Promise<void>;
}

/** A database, a store (local disk on PGlite, blobs on PostgreSQL) and a server, optionally restored from a backup first. */
async function host(on: 'pglite' | 'test-db', restoreFrom?: string, force = false): Promise<Host> {
  const database = on === 'pglite' ? { ...connect({ dataDir: 'memory' }), drop: async () => {}, url: undefined } : await createTestDb();
  const config = testConfig(database.url ? { DATABASE_URL: database.url } : {});
  const services = createServices({ config, db: { db: database.db, kind: database.kind }, dataDir: 'memory' });
  if (restoreFrom) await restoreBackup(services, restoreFrom, { force });
  const running = await startServer(services, { port: 0, host: '127.0.0.1', appDir: '/nonexistent', widgetsDir: '/nonexistent' });
  return {
    running,
    url: running.url,
    db: database.db,
    kind: database.kind,
    async api(method, p, token, body) {
      const res = await fetch(`${running.url}${p}`, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, text, body: (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text };
    },
    close: async () => {
      await running.close();
      await database.drop();
    },
  };
}

const signIn = async (h: Host) => (await h.api('POST', '/api/auth/signin', undefined, { email: DEMO_USERS[0]!.email, password: DEMO_USERS[0]!.password })).body.access_token as string;
const trailerOf = (file: string) => JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n').pop()!) as Trailer;
/** Rows and files of a backup, leaving out the change log's bookkeeping, which a restore moves on on purpose. */
const content = (s: BackupSummary) => ({ tables: Object.fromEntries(Object.entries(s.tables).filter(([t]) => t !== 'changes_meta')), files: s.files });

let source: Host;
let admin: string;
let image: Buffer;
let imageUrl: string;
let ics: string;
let campaigns: string;
/** Every task, with its campaign, as My work lists them (docs/adr/0049). */
let tasks: string;
/** Campaign templates (docs/adr/0054), as the API lists them. */
let templates: string;
/** Saved baselines (docs/adr/0063), as the API lists them. */
let baselines: string;
let oldSeq: number;
let first: BackupSummary;
const firstFile = path.join(dir, 'first.cadence-backup');

beforeAll(async () => {
  source = await host('pglite');
  await seedDemo(source.running.services);
  admin = await signIn(source);
  const publication = (await source.api('POST', '/api/publications', admin, { name: 'Backups Weekly' })).body.id as string;
  image = Buffer.concat([PNG_HEAD, randomBytes(1_500_000)]);
  const form = new FormData();
  form.append('publication_id', publication);
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'example.png');
  const uploaded = await fetch(`${source.url}/api/storage/ad-type-examples`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
  imageUrl = new URL(((await uploaded.json()) as { public_url: string }).public_url).pathname;
  const key = (await source.api('POST', '/api/access-keys', admin, { name: 'Calendar', read_only: true })).body.secret as string;
  ics = `/api/calendar.ics?key=${key}`;
  await source.api('POST', '/api/campaigns', admin, { title: 'Before the backup', planning_start_date: '2026-03-01', live_date: '2026-03-04', channels: ['email'] });
  await sleep(300); // the change feed has numbered the writes above
  const socket = await subscribedSocket(source.url, admin, 'campaigns');
  oldSeq = (socket.messages.find((m) => m.type === 'ready')!.seq as number);
  socket.ws.close();
  campaigns = (await source.api('GET', '/api/campaigns?limit=500', admin)).text;
  tasks = (await source.api('GET', '/api/tasks', admin)).text;
  templates = (await source.api('GET', '/api/templates', admin)).text;
  await source.api('POST', '/api/baselines', admin, { name: 'Before the backup', at: new Date(Date.now() - 60_000).toISOString() });
  baselines = (await source.api('GET', '/api/baselines', admin)).text;
  // Written while the server runs and serves.
  first = await writeBackup(source.running.services, firstFile);
}, 120_000);

afterAll(async () => {
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`backup and restore PGlite → ${onServer ? 'PostgreSQL' : 'PGlite'} → PGlite`, () => {
  it('restores every row and file: same uploads byte for byte, same calendar feed and lists, same sign-ins', async () => {
    expect(Object.keys(first.files)).toHaveLength(1);
    expect(first.tables.campaigns!.rows).toBeGreaterThan(30);
    // Every table that holds rows is in it, each a migration added since included (tasks: docs/adr/0049).
    expect(Object.keys(first.tables).sort()).toEqual((await dataTables(source.db)).sort());
    expect(first.tables.tasks!.rows).toBeGreaterThan(20);
    expect(first.tables.campaign_templates!.rows).toBe(2);
    // The demo's "Plan as of 4 weeks ago" (docs/adr/0064) and the one saved above.
    expect(first.tables.baselines!.rows).toBe(2);
    // Approvals (docs/adr/0056): the demo's rules and review facts.
    expect(first.tables.approval_rules!.rows).toBe(2);
    expect(first.tables.campaign_reviews!.rows).toBe(3);
    const middle = await host('test-db', firstFile);
    try {
      // Backed up again before anyone signs in (a sign-in adds a session row).
      const secondFile = path.join(dir, 'second.cadence-backup');
      const second = await writeBackup(middle.running.services, secondFile);
      expect(content(second)).toEqual(content(first));
      const token = await signIn(middle);
      const served = await fetch(`${middle.url}${imageUrl}`);
      expect(served.status).toBe(200);
      expect(createHash('sha256').update(Buffer.from(await served.arrayBuffer())).digest('hex')).toBe(createHash('sha256').update(image).digest('hex'));
      expect((await middle.api('GET', ics)).text).toBe((await source.api('GET', ics)).text);
      expect((await middle.api('GET', '/api/campaigns?limit=500', token)).text).toBe(campaigns);
      // Their approval summaries with them (docs/adr/0056): the demo's waiting and approved reviews.
      const states = (JSON.parse(campaigns) as Array<{ approval_summary?: Array<{ state: string }> | null }>).flatMap((c) => c.approval_summary ?? []).map((e) => e.state);
      expect(states).toEqual(expect.arrayContaining(['pending', 'approved']));
      // Tasks come back in their order, and their campaigns' summaries with them.
      expect((await middle.api('GET', '/api/tasks', token)).text).toBe(tasks);
      expect((await middle.api('GET', '/api/templates', token)).text).toBe(templates);
      expect((await middle.api('GET', '/api/baselines', token)).text).toBe(baselines);

      // That second backup loads into PGlite: the same rows and files again.
      const last = await host('pglite', secondFile);
      try {
        const third = await writeBackup(last.running.services, path.join(dir, 'third.cadence-backup'));
        expect(content(third)).toEqual(content(first));
        expect((await last.api('GET', ics)).text).toBe((await source.api('GET', ics)).text);
      } finally {
        await last.close();
      }
    } finally {
      await middle.close();
    }
  }, 180_000);

  it('accepts new writes after a restore, continues realtime, and tells a client with an old seq to resync', async () => {
    const restored = await host('test-db', firstFile);
    try {
      const token = await signIn(restored);
      const stale = await subscribedSocket(restored.url, token, 'campaigns');
      stale.send({ type: 'resume', since: oldSeq });
      await stale.waitFor((m) => m.type === 'resync');
      const live = await subscribedSocket(restored.url, token, 'campaigns');
      const created = await restored.api('POST', '/api/campaigns', token, { title: 'After the restore', planning_start_date: '2026-04-01', live_date: '2026-04-02', channels: ['email'] });
      expect(created.status).toBe(201);
      // The old database's positions mean nothing here, below or above the new ones: a client
      // holding one was told to resync (above), and a new client follows the new positions.
      const change = await live.waitFor((m) => m.type === 'change' && m.row?.title === 'After the restore');
      expect(change.seq).toBeGreaterThan(0);
      const again = await subscribedSocket(restored.url, token, 'campaigns');
      again.send({ type: 'resume', since: change.seq - 1 });
      expect((await again.waitFor((m) => m.type === 'change' && m.row?.title === 'After the restore')).seq).toBe(change.seq);
      again.ws.close();
      // New rows of serial tables continue after the restored ones.
      expect((await restored.api('POST', '/api/publications', token, { name: 'After restore' })).status).toBe(201);
      stale.ws.close();
      live.ws.close();
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe('the backup file', () => {
  it('is readable and writable by its owner alone (600): it holds every table, hashes and tokens included', () => {
    expect((statSync(firstFile).mode & 0o777).toString(8)).toBe('600');
  });
});

describe('restore refuses what it must', () => {
  it('refuses a changed backup by its checksum and writes nothing', async () => {
    const lines = gunzipSync(readFileSync(firstFile)).toString('utf8').split('\n');
    const i = lines.findIndex((l) => l.includes('Before the backup'));
    lines[i] = lines[i]!.replace('Before the backup', 'Before the backuq');
    const tampered = path.join(dir, 'tampered.cadence-backup');
    writeFileSync(tampered, gzipSync(lines.join('\n')));
    const target = connect({ dataDir: 'memory' });
    const services = createServices({ config: testConfig(), db: target, dataDir: 'memory' });
    await expect(restoreBackup(services, tampered)).rejects.toThrow(/fails its checksum .*nothing was restored/);
    // Whether the empty database had its tables yet (a migrated copy) or not, no row came in.
    expect((await target.db.schema.hasTable('users')) && (await target.db('users').first('id'))).toBeFalsy();
    await target.db.destroy();
  });

  it('names the format version it reads when the file is newer', async () => {
    const lines = gunzipSync(readFileSync(firstFile)).toString('utf8').split('\n');
    lines[0] = lines[0]!.replace('"version":1', '"version":2');
    const newer = path.join(dir, 'newer.cadence-backup');
    writeFileSync(newer, gzipSync(lines.join('\n')));
    const services = createServices({ config: testConfig(), db: connect({ dataDir: 'memory' }), dataDir: 'memory' });
    await expect(restoreBackup(services, newer)).rejects.toThrow(/backup format version 2; this cadence-server reads version 1: restore it with the newer cadence-server/);
    await services.db.destroy();
  });

  it('refuses a database that holds data unless --force, which replaces it with the backup', async () => {
    const target = await host('test-db');
    try {
      await seedDemo(target.running.services);
      const token = await signIn(target);
      await target.api('POST', '/api/campaigns', token, { title: 'Only here', planning_start_date: '2026-05-01', live_date: '2026-05-02', channels: ['email'] });
      await expect(restoreBackup(target.running.services, firstFile)).rejects.toThrow(/already holds data \(.+\): restore into an empty database, or add --force to replace everything/);
      await restoreBackup(target.running.services, firstFile, { force: true });
      const titles = (await target.api('GET', '/api/campaigns?limit=500', await signIn(target))).text;
      expect(titles).not.toContain('Only here');
      expect(titles).toBe(campaigns);
      expect(trailerOf(firstFile).sha256).toBe(first.sha256);
    } finally {
      await target.close();
    }
  }, 120_000);
});
