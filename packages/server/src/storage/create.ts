import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { localDiskStorage } from './local-disk';
import { postgresStorage } from './postgres';
import { s3Storage } from './s3';
import type { FileStorage } from './storage';
import type { StorageLocation } from './storage-url';

export interface StorageOptions {
  location: StorageLocation;
  /** Whether the database is a PostgreSQL server (DATABASE_URL) rather than PGlite. */
  sharedDatabase: boolean;
  db: Knex | Knex.Transaction;
  dataDir: string | 'memory';
}

/** The store STORAGE_URL names; by default PostgreSQL blobs with DATABASE_URL, local disk on PGlite. */
export function createStorage(options: StorageOptions): FileStorage {
  const { location } = options;
  const kind = location.kind === 'default' ? (options.sharedDatabase ? 'postgres' : 'local') : location.kind;
  if (kind === 'postgres') return postgresStorage(options.db);
  if (location.kind === 's3') return s3Storage(location);
  const root =
    location.kind === 'local' && location.root
      ? location.root
      : options.dataDir === 'memory'
        ? mkdtempSync(path.join(tmpdir(), 'cadence-storage-'))
        : path.resolve(options.dataDir, 'storage');
  return localDiskStorage(root);
}
