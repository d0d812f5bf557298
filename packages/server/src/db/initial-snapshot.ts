import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's initdb takes ~3 s, most of a first start. The build writes a database that is already
 * initialised and migrated (dist/pglite-initial.tar.gz); a new data directory is filled from it
 * in ~0.6 s, and migrateLatest then applies only what is newer. From source (tests, tsx) there
 * is no snapshot and PGlite runs initdb as before. See ADR 0012.
 */
const snapshotFile = fileURLToPath(new URL('./pglite-initial.tar.gz', import.meta.url));

export function readInitialSnapshot(): Blob | undefined {
  return existsSync(snapshotFile) ? new Blob([readFileSync(snapshotFile)]) : undefined;
}

export async function writeInitialSnapshot(pglite: PGlite, file: string): Promise<number> {
  const blob = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await blob.arrayBuffer());
  writeFileSync(file, bytes);
  return bytes.length;
}
