import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import type { Knex } from 'knex';
import type { DbKind } from '../db/connect';
import { migrateLatest, migrateUpOne, migrationNames } from '../db/migrations/index';
import { STORAGE_TABLES, postgresStorage } from '../storage/postgres';
import type { FileStorage } from '../storage/storage';
import { startNewChangeEpoch } from './change-log';
import { BackupError, control, readLines, verifyBackup, type Header, type Trailer } from './format';
import { megabytes, silentProgress, type Progress } from './progress';
import { SEEDED_BY_MIGRATIONS, appliedMigrations, columns, dataTables, foreignKeys, quoteIdent, sequences } from './schema';

export interface RestoreTarget {
  db: Knex;
  dbKind: DbKind;
  storage: FileStorage;
}

export interface RestoreOptions {
  /** Replace whatever the database holds. */
  force?: boolean;
  progress?: Progress;
}

export interface RestoreSummary {
  header: Header;
  trailer: Trailer;
  /** The `seq` the realtime change log continues from. */
  changeEpoch: number | null;
}

const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Loads a backup into an empty database (docs/operations.md#restore): checks the whole file
 * first, brings the schema to the backup's migration, then copies rows and files in one
 * transaction (nothing is kept if anything fails), and finally applies newer migrations.
 */
export async function restoreBackup(target: RestoreTarget, path: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const progress = options.progress ?? silentProgress;
  const size = (await stat(path).catch(() => null))?.size;
  if (size === undefined) throw new BackupError(`${path} does not exist`);
  const percent = (bytes: number) => `${Math.min(100, Math.round((bytes / Math.max(1, size)) * 100))}%`;
  const { header, trailer } = await verifyBackup(path, (b) => progress.update(`Checking ${path}: ${percent(b)}`));

  const known = migrationNames;
  const unknown = header.migrations.find((m) => !known.includes(m));
  if (unknown) throw new BackupError(`The backup was made by a newer Cadence (its migration ${unknown} is unknown here): restore it with that version or a newer one`);
  const { db } = target;
  const applied = await appliedMigrations(db);
  if (!options.force) {
    const busy = await nonEmpty(db, target.storage);
    if (busy.length) {
      throw new BackupError(
        `The database already holds data (${busy.slice(0, 3).join(', ')}${busy.length > 3 ? ', …' : ''}): restore into an empty database, or add --force to replace everything in it`,
      );
    }
  }
  // Rows fit the schema of the moment they were copied: migrate to there, load, then to the latest.
  for (let n = applied.length; n < header.migrations.length; n++) await migrateUpOne(db);

  let changeEpoch: number | null = null;
  await db.transaction(async (trx) => {
    const present = await dataTables(trx);
    const tables = Object.keys(trailer.tables).filter((t) => present.includes(t));
    const storage = target.storage.kind === 'postgres' ? postgresStorage(trx) : target.storage;
    const wipe = [...present, ...(storage.kind === 'postgres' ? STORAGE_TABLES : [])];
    if (wipe.length) await trx.raw(`TRUNCATE ${wipe.map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`);
    // Rows arrive table by table, not in the order the foreign keys need: the keys come off while
    // loading and go back on at the end, which checks every row against them.
    const keys = await foreignKeys(trx, tables);
    for (const k of keys) await trx.raw(`ALTER TABLE ${quoteIdent(k.table)} DROP CONSTRAINT ${quoteIdent(k.name)}`);
    // Triggers (notifications, stamps) must not fire for rows that are being put back as they were.
    for (const t of tables) await trx.raw(`ALTER TABLE ${quoteIdent(t)} DISABLE TRIGGER USER`);

    await loadLines(trx, path, tables, storage, (b) => progress.update(`Restoring ${path}: ${percent(b)}`));

    for (const k of keys) await trx.raw(`ALTER TABLE ${quoteIdent(k.table)} ADD CONSTRAINT ${quoteIdent(k.name)} ${k.definition}`);
    // Still without triggers: the restored rows' feed stamps are the old database's, and are cleared.
    changeEpoch = await startNewChangeEpoch(trx);
    for (const t of tables) await trx.raw(`ALTER TABLE ${quoteIdent(t)} ENABLE TRIGGER USER`);
    // Serial and identity columns continue after the highest restored value.
    for (const s of await sequences(trx, tables)) {
      await trx.raw(
        `SELECT setval(?::regclass, COALESCE((SELECT max(${quoteIdent(s.column)}) FROM ${quoteIdent(s.table)}), 0) + 1, false)`,
        [s.sequence],
      );
    }
  });
  await migrateLatest(db);
  progress.done(`Restored ${Object.keys(trailer.tables).length} tables and ${Object.keys(trailer.files).length} files from ${path} (${megabytes(size)})`);
  return { header, trailer, changeEpoch };
}

/** Tables (and stored files) holding anything beyond what the migrations themselves put there. */
async function nonEmpty(db: Knex, storage: FileStorage): Promise<string[]> {
  const busy: string[] = [];
  for (const table of await dataTables(db)) {
    const asSeeded = SEEDED_BY_MIGRATIONS.get(table);
    const rows = asSeeded ? db(table).whereNot(db.raw(asSeeded)) : db(table);
    if (await rows.first(db.raw('1'))) busy.push(table);
  }
  const hasStorageTables = storage.kind !== 'postgres' || (await db.schema.hasTable('storage_files'));
  if (hasStorageTables) {
    for await (const _file of storage.list()) {
      busy.push('stored files');
      break;
    }
  }
  return busy;
}

interface PendingFile {
  key: string;
  pass: PassThrough;
  put: Promise<void>;
  hash: ReturnType<typeof createHash>;
}

async function loadLines(trx: Knex.Transaction, path: string, tables: string[], storage: FileStorage, onBytes: (b: number) => void): Promise<void> {
  let table: { name: string; insert: string; rows: number } | null = null;
  let batch: string[] = [];
  let batchBytes = 0;
  let file = null as PendingFile | null;

  const flush = async () => {
    if (!table || !batch.length) return;
    await trx.raw(table.insert, [`[${batch.join(',')}]`]);
    table.rows += batch.length;
    batch = [];
    batchBytes = 0;
  };

  for await (const line of readLines(path, onBytes)) {
    const c = control(line);
    if (!c) {
      if (!table) continue; // rows of a table this database no longer has
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
      continue;
    }
    if (c.$ === 'table') {
      table = null;
      if (!tables.includes(c.name)) continue;
      const writable = new Set((await columns(trx, c.name)).filter((col) => !col.generated).map((col) => col.name));
      const cols = c.columns.filter((col) => writable.has(col)).map(quoteIdent).join(', ');
      const insert = `INSERT INTO ${quoteIdent(c.name)} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::${quoteIdent(c.name)}, ?::json)`;
      table = { name: c.name, insert, rows: 0 };
    } else if (c.$ === 'end-table') {
      await flush();
      if (table && table.rows !== c.rows) throw new BackupError(`${c.name}: the backup lists ${c.rows} rows but ${table.rows} were read`);
      table = null;
    } else if (c.$ === 'file') {
      const pass = new PassThrough({ highWaterMark: 1024 * 1024 });
      const put = storage.put(c.key, pass);
      put.catch(() => pass.destroy()); // awaited below; this only stops the writer waiting on a dead stream
      file = { key: c.key, pass, hash: createHash('sha256'), put };
    } else if (c.$ === 'data' && file) {
      const buf = Buffer.from(c.base64, 'base64');
      file.hash.update(buf);
      if (!file.pass.write(buf)) {
        const current = file;
        await Promise.race([once(current.pass, 'drain'), current.put.then(() => Promise.reject(new Error(`storage stopped reading ${current.key}`)))]);
      }
    } else if (c.$ === 'end-file' && file) {
      file.pass.end();
      await file.put;
      if (file.hash.digest('hex') !== c.sha256) throw new BackupError(`${file.key}: its bytes do not match the checksum in the backup`);
      file = null;
    }
  }
}
