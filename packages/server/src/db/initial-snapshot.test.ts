import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connect } from './connect';
import { writeInitialSnapshot } from './initial-snapshot';
import { migrateLatest } from './migrations/index';

const work = mkdtempSync(path.join(tmpdir(), 'cadence-snapshot-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Starts (and restarts) a whole embedded PostgreSQL from disk: seconds alone, up to a minute with test files side by side on two cores.
it('should start a new data directory from the build snapshot, migrated, and keep what is written to it', { timeout: 120_000 }, async () => {
  // What the build does: an in-memory database, migrated, dumped.
  const source = connect({ dataDir: 'memory' });
  await migrateLatest(source.db);
  const file = path.join(work, 'initial.tar.gz');
  await writeInitialSnapshot(source.pglite!, file);
  await source.db.destroy();
  let used = 0;
  const snapshot = () => {
    used += 1;
    return new Blob([readFileSync(file)]);
  };

  const dataDir = path.join(work, 'data');
  const first = connect({ dataDir, initialSnapshot: snapshot });
  expect(await migrateLatest(first.db)).toEqual([]); // nothing left to apply
  await first.db('users').insert({ email: 'kept@example.com', password_hash: 'x' });
  await first.db.destroy();

  // An existing data directory is opened as it is, never overwritten by the snapshot.
  const second = connect({ dataDir, initialSnapshot: snapshot });
  expect(await second.db('users').pluck('email')).toEqual(['kept@example.com']);
  await second.db.destroy();
  expect(used).toBe(1);
});

it('should keep DATA_DIR and its database folder to their owner (700), and narrow folders made wider before', { timeout: 120_000 }, async () => {
  const dataDir = path.join(work, 'fresh', 'cadence');
  const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
  const first = connect({ dataDir, initialSnapshot: () => undefined });
  expect({ dataDir: mode(dataDir), pgdata: mode(path.join(dataDir, 'pgdata')) }).toEqual({ dataDir: '700', pgdata: '700' });
  await first.db.raw('select 1');
  // PGlite makes a new database's files 666 whatever the umask: each is narrowed once it is ready.
  await first.narrowed;
  const wider = readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !['600', '700'].includes(mode(f)));
  expect(wider).toEqual([]);
  await first.db.destroy();

  // A DATA_DIR from before (or made by hand) with the usual 755.
  chmodSync(dataDir, 0o755);
  chmodSync(path.join(dataDir, 'pgdata'), 0o755);
  const again = connect({ dataDir });
  expect({ dataDir: mode(dataDir), pgdata: mode(path.join(dataDir, 'pgdata')) }).toEqual({ dataDir: '700', pgdata: '700' });
  await again.db.raw('select 1');
  await again.db.destroy();
});
