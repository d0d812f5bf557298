import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '../../packages/server/src/db/connect';
import { writeInitialSnapshot } from '../../packages/server/src/db/initial-snapshot';
import { migrateLatest } from '../../packages/server/src/db/migrations/index';

/**
 * Vitest global setup of the suites that start servers in the test process: one migrated PGlite
 * database, written once per run where every worker's new in-memory database starts from it
 * (CADENCE_INITIAL_SNAPSHOT, read by db/connect.ts). initdb and every migration took about three
 * seconds of CPU for each of some eighty databases a run makes; loading the copy takes one. Made
 * from the migrations as they are now, so it is never stale, and skipped on PostgreSQL.
 */
export async function setup(): Promise<(() => void) | void> {
  if (process.env.TEST_DATABASE_URL || process.env.CADENCE_INITIAL_SNAPSHOT) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'cadence-pglite-'));
  const file = path.join(dir, 'initial.tar.gz');
  const { db, pglite } = connect({ dataDir: 'memory' });
  await migrateLatest(db);
  await writeInitialSnapshot(pglite!, file);
  await db.destroy();
  process.env.CADENCE_INITIAL_SNAPSHOT = file;
  return () => {
    delete process.env.CADENCE_INITIAL_SNAPSHOT;
    rmSync(dir, { recursive: true, force: true });
  };
}
