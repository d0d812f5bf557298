import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's initdb takes ~3 s, most of a first start. The build writes a database that is already
 * initialised and migrated (dist/pglite-initial.tar.gz); a new data directory is filled from it
 * in ~0.6 s, and migrateLatest then applies only what is newer. From source (tsx) there is no
 * snapshot beside the module and PGlite runs initdb and every migration, unless
 * CADENCE_INITIAL_SNAPSHOT names one: the tests' server processes name the build's, so each of
 * them starts in seconds rather than a minute on a busy machine. See ADR 0012.
 */
const snapshotFile = fileURLToPath(new URL('./pglite-initial.tar.gz', import.meta.url));

export function readInitialSnapshot(): Blob | undefined {
  const file = process.env.CADENCE_INITIAL_SNAPSHOT || snapshotFile;
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

export async function writeInitialSnapshot(pglite: PGlite, file: string): Promise<number> {
  const blob = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await blob.arrayBuffer());
  writeFileSync(file, bytes);
  return bytes.length;
}
