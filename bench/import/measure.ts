/**
 * The measurements of the import suite: our CLI end to end against the built server, and the
 * databases' own COPY of the same file, each on a fresh database with the server's schema.
 */
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { repoRoot, serverBin, startBenchServer } from '../lib/server.js';
import { COLUMNS } from './generate.js';

export const cliBin = path.join(repoRoot, 'packages/cli/dist/cadence.js');
const rssHook = path.join(repoRoot, 'bench/import/rss-hook.cjs');
const COPY_COLUMNS = COLUMNS.join(', ');

export interface OursRun {
  seconds: number;
  imported: number;
  cliPeakMiB: number;
  serverPeakMiB: number;
  /** The server's own account of the import (its debug log): milliseconds per phase. */
  phases: Record<string, number>;
}

/** VmHWM of a running process: its peak resident set so far. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
  if (!m) throw new Error(`no VmHWM for ${pid}`);
  return Number(m[1]) / 1024;
}

async function json(res: Response, what: string): Promise<any> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${body}`);
  return JSON.parse(body);
}

/** The first account (an administrator) and a writable access key, as an admin scripting imports would. */
async function adminKey(url: string): Promise<string> {
  const creds = { email: 'bench-admin@example.com', password: 'correct horse battery' };
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  await json(await post('/api/auth/signup', creds), 'sign-up');
  const session = await json(await post('/api/auth/signin', creds), 'sign-in');
  const key = await json(await post('/api/access-keys', { name: 'bench import', read_only: false }, session.access_token), 'access key');
  return key.secret as string;
}

/** `cadence import prospective-publications FILE --json`, timed from spawn to exit. */
async function runCli(url: string, key: string, file: string, work: string): Promise<{ seconds: number; imported: number; peakMiB: number }> {
  const rssOut = path.join(work, 'cli-rss');
  const started = performance.now();
  const child = spawn(process.execPath, ['--require', rssHook, cliBin, 'import', 'prospective-publications', file, '--json', '--api-url', url], {
    cwd: work,
    env: { ...process.env, CADENCE_TOKEN: key, HOME: work, CADENCE_CONFIG_DIR: path.join(work, 'config'), BENCH_RSS_OUT: rssOut, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`cadence import exited with ${code}: ${stderr.slice(-2000)}`);
  const report = JSON.parse(stdout) as { imported: number };
  return { seconds, imported: report.imported, peakMiB: Number(readFileSync(rssOut, 'utf8')) / 1024 };
}

/** Ours: a fresh built server (PostgreSQL at `databaseUrl`, or PGlite), an admin key, the CLI. */
export async function oursOnce(file: string, databaseUrl?: string): Promise<OursRun> {
  const work = mkdtempSync(path.join(tmpdir(), 'cadence-bench-import-'));
  const server = await startBenchServer({ ...(databaseUrl ? { databaseUrl } : {}), env: { LOG_LEVEL: 'debug' } });
  try {
    const key = await adminKey(server.url);
    const cli = await runCli(server.url, key, file, work);
    const logged = server.output().split('\n').find((l) => l.includes('"prospective publications imported"'));
    const phases = logged ? ((JSON.parse(logged) as { ms?: Record<string, number> }).ms ?? {}) : {};
    return { seconds: cli.seconds, imported: cli.imported, cliPeakMiB: cli.peakMiB, serverPeakMiB: peakRssMiB(server.pid), phases };
  } catch (err) {
    throw new Error(`${(err as Error).message}\nserver output:\n${server.output().slice(-3000)}`);
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** `cadence-server migrate` on a database, so the peer loads into exactly our schema and indexes. */
export async function migrate(env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [serverBin, 'migrate'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`migrate exited with ${code}: ${err}`);
}

/** PostgreSQL's COPY … FROM STDIN (FORMAT csv, HEADER) of the file, through pg-copy-streams. */
export async function pgCopyOnce(file: string, databaseUrl: string): Promise<{ seconds: number; rows: number }> {
  await migrate({ DATABASE_URL: databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const copy = client.query(copyFrom(`COPY prospective_publications (${COPY_COLUMNS}) FROM STDIN (FORMAT csv, HEADER)`));
    await pipeline(createReadStream(file, { highWaterMark: 256 * 1024 }), copy);
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await client.query('SELECT count(*)::int AS n FROM prospective_publications');
    return { seconds, rows: rows[0].n };
  } finally {
    await client.end();
  }
}

type PGliteCtor = new (options: { dataDir: string }) => {
  query<T>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: T[] }>;
  close(): Promise<void>;
};

/** The PGlite the server itself depends on. */
async function loadPGlite(): Promise<PGliteCtor> {
  const require = createRequire(path.join(repoRoot, 'packages/server/package.json'));
  const entry = require.resolve('@electric-sql/pglite');
  const mod = (await import(pathToFileURL(entry).href)) as { PGlite: PGliteCtor };
  return mod.PGlite;
}

/** PGlite's COPY … FROM '/dev/blob' of the file into a data directory migrated by the server. */
export async function pgliteCopyOnce(file: string): Promise<{ seconds: number; rows: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-pglite-'));
  try {
    await migrate({ DATA_DIR: dataDir });
    const PGlite = await loadPGlite();
    const db = new PGlite({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      await db.query('SELECT 1');
      const started = performance.now();
      const blob = await openAsBlob(file);
      await db.query(`COPY prospective_publications (${COPY_COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv, HEADER)`, [], { blob });
      const seconds = (performance.now() - started) / 1000;
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM prospective_publications');
      return { seconds, rows: rows[0]!.n };
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
