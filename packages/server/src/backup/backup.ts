import { createHash } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import type { Knex } from 'knex';
import type { DbKind } from '../db/connect';
import { postgresStorage } from '../storage/postgres';
import type { FileStorage } from '../storage/storage';
import { BACKUP_FORMAT, BACKUP_VERSION, LineWriter, type Header, type TableDigest } from './format';
import { megabytes, silentProgress, type Progress } from './progress';
import { appliedMigrations, columns as tableColumns, dataTables, FEED_STAMPS, primaryKey, quoteIdent } from './schema';

export interface BackupSource {
  db: Knex;
  dbKind: DbKind;
  storage: FileStorage;
}

export interface BackupSummary {
  file: string;
  sha256: string;
  tables: Record<string, TableDigest>;
  files: Record<string, { size: number; sha256: string }>;
  bytes: number;
}

const FETCH_ROWS = 1000;

/**
 * Writes every table and every stored file to `out` (docs/operations.md#backup). The rows come
 * from one REPEATABLE READ transaction, so they are one consistent moment however long the copy
 * takes and while the server keeps writing. Stored files are never changed once written, so
 * every file a row names is there to copy (files added during the backup may come along too).
 */
export async function writeBackup(source: BackupSource, out: string, progress: Progress = silentProgress): Promise<BackupSummary> {
  const partial = `${out}.partial`;
  await rm(partial, { force: true });
  const writer = new LineWriter(partial);
  try {
    const summary = await source.db.transaction(
      async (trx) => {
        const header: Header = {
          $: 'header',
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          created_at: new Date().toISOString(),
          database: source.dbKind,
          migrations: await appliedMigrations(trx),
        };
        await writer.write(JSON.stringify(header));
        const tables: Record<string, TableDigest> = {};
        for (const table of await dataTables(trx)) {
          tables[table] = await copyTable(trx, table, writer, (rows) => progress.update(`Backing up ${table}: ${rows} rows · ${megabytes(writer.bytes)}`));
        }
        // Blobs in this database are read in the same snapshot as the rows.
        const storage = source.storage.kind === 'postgres' ? postgresStorage(trx) : source.storage;
        const files: Record<string, { size: number; sha256: string }> = {};
        for await (const { key } of storage.list()) {
          const file = await storage.open(key);
          if (!file) continue;
          await writer.write(JSON.stringify({ $: 'file', key, size: file.size }));
          const hash = createHash('sha256');
          let size = 0;
          for await (const piece of file.stream) {
            const buf = piece as Buffer;
            hash.update(buf);
            size += buf.length;
            await writer.write(JSON.stringify({ $: 'data', base64: buf.toString('base64') }));
            progress.update(`Backing up files: ${key} · ${megabytes(writer.bytes)}`);
          }
          const sha256 = hash.digest('hex');
          files[key] = { size, sha256 };
          await writer.write(JSON.stringify({ $: 'end-file', key, sha256 }));
        }
        return { tables, files };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    const sha256 = await writer.finish(summary);
    await rename(partial, out);
    progress.done(`Backed up ${Object.keys(summary.tables).length} tables and ${Object.keys(summary.files).length} files · ${megabytes(writer.bytes)}`);
    return { file: out, sha256, bytes: writer.bytes, ...summary };
  } catch (err) {
    writer.abort();
    await rm(partial, { force: true });
    progress.done();
    throw err;
  }
}

/** One table's rows through a cursor, a thousand at a time, in primary-key order. */
async function copyTable(trx: Knex.Transaction, table: string, writer: LineWriter, onRows: (rows: number) => void): Promise<TableDigest> {
  const columns = (await tableColumns(trx, table)).map((c) => c.name).filter((c) => !FEED_STAMPS.includes(c));
  await writer.write(JSON.stringify({ $: 'table', name: table, columns }));
  const pk = await primaryKey(trx, table);
  const order = pk.length ? pk.map((c) => `t.${quoteIdent(c)}`).join(', ') : 't::text';
  // Without the feed's stamps (docs/adr/0023): another database's transaction ids mean nothing
  // there, and leaving them out makes a backup of a restored database equal to the original.
  const stamps = FEED_STAMPS.map((c) => ` - '${c}'`).join('');
  await trx.raw(`DECLARE cadence_backup NO SCROLL CURSOR FOR SELECT (to_jsonb(t)${stamps})::text AS j FROM ${quoteIdent(table)} t ORDER BY ${order}`);
  const hash = createHash('sha256');
  let rows = 0;
  try {
    for (;;) {
      const batch = (await trx.raw(`FETCH ${FETCH_ROWS} FROM cadence_backup`)).rows as Array<{ j: string }>;
      for (const { j } of batch) {
        hash.update(`${j}\n`);
        await writer.write(j);
      }
      rows += batch.length;
      onRows(rows);
      if (batch.length < FETCH_ROWS) break;
    }
  } finally {
    await trx.raw('CLOSE cadence_backup');
  }
  await writer.write(JSON.stringify({ $: 'end-table', name: table, rows }));
  return { rows, sha256: hash.digest('hex') };
}
