import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connect } from './connect';
import { writeInitialSnapshot } from './initial-snapshot';
import { migrateLatest } from './migrations/index';

const work = mkdtempSync(path.join(tmpdir(), 'cadence-snapshot-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('should start a new data directory from the build snapshot, migrated, and keep what is written to it', async () => {
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
