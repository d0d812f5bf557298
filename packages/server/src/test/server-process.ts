import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { isBuildFresh } from './build-freshness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The build's migrated PGlite database (docs/adr/0012), which a source-started server may start from. */
const BUILT_SNAPSHOT = path.join(root, 'packages/server/dist/pglite-initial.tar.gz');
/** The built `cadence-server`, as users run it, and what it is built from. */
export const SERVER_BIN = path.join(root, 'packages/server/dist/bin.js');
export const SERVER_SOURCES: readonly string[] = ['packages/server/src', 'packages/server/tsup.config.ts', 'packages/core/src'].map((p) => path.join(root, p));

/**
 * How to run `cadence-server`: the build when it is newer than its sources (CI builds first; the
 * end-to-end and CLI suites' global setup builds it), else the source through tsx. The build
 * starts in two thirds of the time and spares the suites tsx's transform of the whole server in
 * every process they start (docs/adr/0066).
 */
function serverCommand(): string[] {
  return isBuildFresh(SERVER_BIN, SERVER_SOURCES) ? [SERVER_BIN] : ['--import', 'tsx', path.join(root, 'packages/server/src/bin.ts')];
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** The PostgreSQL database, when running on one. */
  databaseUrl?: string;
  pid: number;
  /** SIGKILL: no shutdown of any kind, as a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** Sends a signal (SIGTERM: the graceful stop) without waiting for the exit. */
  signal(sig: NodeJS.Signals): void;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** What the process has written so far (JSON log lines). */
  output(): string;
}

export interface ServerProcessOptions {
  /** Another process's database (and DATA_DIR, unless `dataDir` is given) to share, as several processes behind a balancer. */
  shareWith?: ServerProcess;
  /** Keep this DATA_DIR (for restarts on PGlite, or a host's own disk beside a shared database). */
  dataDir?: string;
  /** A PostgreSQL database that is the caller's: neither created nor dropped here. */
  databaseUrl?: string;
  /** Do not delete the data on stop. */
  keep?: boolean;
  /** Start with the demo data and accounts (`start --demo`). */
  demo?: boolean;
}

/**
 * A real `cadence-server start` (built, or from source through tsx: serverCommand) in a child process on a fresh database:
 * PGlite in a temporary DATA_DIR, or a new database on the server named by TEST_DATABASE_URL.
 * The one way tests start a server process: the end-to-end, CLI and resilience suites, and the
 * server's own tests of several processes on one database.
 */
export async function startServerProcess(extraEnv: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? options.shareWith?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'cadence-it-'));
  let databaseUrl: string | undefined = options.shareWith?.databaseUrl ?? options.databaseUrl;
  let dbName: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl && !databaseUrl && !options.dataDir) {
    dbName = `cadence_it_${randomBytes(5).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${dbName}`);
    await admin.destroy();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const child: ChildProcess = spawn(process.execPath, [...serverCommand(), 'start', ...(options.demo ? ['--demo'] : [])], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      BCRYPT_COST: '4',
      // The build's migrated database, when there is a build: migrateLatest adds whatever is newer.
      ...(existsSync(BUILT_SNAPSHOT) ? { CADENCE_INITIAL_SNAPSHOT: BUILT_SNAPSHOT } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 90_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ended = exited.then(() => {});
  const owner = !options.shareWith && !options.keep;
  return {
    url,
    dataDir,
    pid: child.pid!,
    exited,
    output: () => out,
    signal(sig) {
      child.kill(sig);
    },
    ...(databaseUrl ? { databaseUrl } : {}),
    async kill() {
      child.kill('SIGKILL');
      await ended;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await ended;
      }
      if (!owner) return;
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName && adminUrl) {
        const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
        await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.destroy();
      }
    },
  };
}
