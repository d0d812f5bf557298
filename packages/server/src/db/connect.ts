import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import ClientPGLite from 'knex-pglite';
import pg from 'pg';
import { readInitialSnapshot } from './initial-snapshot';

export type Db = Knex;
export type DbKind = 'pglite' | 'postgres';

const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

// Date-only columns must stay 'YYYY-MM-DD' strings: turning them into a JS Date at
// midnight shifts the day in every zone west of UTC.
const asString = (v: string) => v;
const asNumber = (v: string) => Number(v);

pg.types.setTypeParser(DATE_OID, asString);
pg.types.setTypeParser(INT8_OID, asNumber);
pg.types.setTypeParser(NUMERIC_OID, asNumber);

export interface DbOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory` keeps nothing (tests). */
  dataDir: string | 'memory';
  poolMax?: number;
  /** What a new PGlite data directory starts from; the build's snapshot by default. */
  initialSnapshot?: () => Blob | undefined;
}

/**
 * Makes `dir` (and any missing parent) with mode 700, and narrows an existing one to 700. A folder
 * this user does not own (a mount point) is left as it is: chmod would fail, and it is the
 * operator's to set.
 */
export function ownerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}

/** Every file under `dir` readable and writable by its owner alone. */
function ownerOnlyFiles(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(file, 0o700);
    else if (entry.isFile()) chmodSync(file, 0o600);
  }
}

/**
 * Each pooled session runs without PostgreSQL's JIT (docs/adr/0069). Cadence's statements are
 * short, and JIT compiles any whose estimate passes jit_above_cost: the JSON and array functions
 * of the watchers' and the baselines' queries overestimate, so each paid 40–100 ms of compiling
 * for a few milliseconds of work (a bell's p95 went from 314 to 146 ms without it).
 */
function withoutJit(conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void): void {
  conn.query('SET jit = off').then(
    () => done(null, conn),
    (err: Error) => done(err, conn),
  );
}

export function connect(options: DbOptions): { db: Db; kind: DbKind; pglite?: PGlite; narrowed?: Promise<void> } {
  if (options.databaseUrl) {
    const db = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10, afterCreate: withoutJit },
    });
    return { db, kind: 'postgres' };
  }
  let dir: string | undefined;
  let initial: Blob | undefined;
  if (options.dataDir !== 'memory') {
    // DATA_DIR holds the database, the generated JWT secret and the mail outbox: the owner's alone.
    ownerOnlyDir(path.resolve(options.dataDir));
    dir = path.resolve(options.dataDir, 'pgdata');
    ownerOnlyDir(dir);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) initial = (options.initialSnapshot ?? readInitialSnapshot)();
  } else {
    // A test's database: from the run's migrated copy when its global setup made one (tests/support/pglite-snapshot.ts).
    initial = options.initialSnapshot?.() ?? (process.env.CADENCE_INITIAL_SNAPSHOT ? readInitialSnapshot() : undefined);
  }
  // Options go in the first argument: PGlite ignores the second when the first is not a string.
  const pglite = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(initial ? { loadDataDir: initial } : {}),
    parsers: {
      [pgliteTypes.DATE]: asString,
      [INT8_OID]: asNumber,
      [NUMERIC_OID]: asNumber,
    },
  });
  // PGlite writes a new data directory's files with mode 666 whatever the umask; once they are
  // there, they are narrowed to the owner (the folder is 700 already, this is the second lock).
  const narrowed = dir ? pglite.waitReady.then(() => ownerOnlyFiles(dir!)).catch(() => {}) : Promise.resolve();
  const db = knexFactory({
    client: ClientPGLite as unknown as typeof Knex.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
  } as Knex.Config);
  return { db, kind: 'pglite', pglite, narrowed };
}
