import { createHash } from 'node:crypto';
import type { Config } from '../config';
import { connect } from '../db/connect';
import { createStorage } from '../storage/create';
import { parseStorageUrl, type StorageLocation } from '../storage/storage-url';
import { writeBackup } from './backup';
import type { TableDigest } from './format';
import { terminalProgress } from './progress';
import { restoreBackup } from './restore';

/** The database and store the configuration names, as the server would open them. */
function open(config: Config) {
  const { db, kind } = connect({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const storage = createStorage({
    location: parseStorageUrl(config.STORAGE_URL) as StorageLocation,
    sharedDatabase: kind === 'postgres',
    db,
    dataDir: config.DATA_DIR,
  });
  return { db, dbKind: kind, storage, close: async () => (await storage.close(), await db.destroy()) };
}

/** What a backup holds, one line per table and a digest of the files, to compare two backups by eye. */
function describe(tables: Record<string, TableDigest>, files: Record<string, { size: number; sha256: string }>): string {
  const lines = Object.entries(tables).map(([name, t]) => `  ${name.padEnd(28)} ${String(t.rows).padStart(9)} rows  sha256 ${t.sha256}`);
  const fileList = Object.entries(files);
  const bytes = fileList.reduce((sum, [, f]) => sum + f.size, 0);
  const digest = fileList.map(([key, f]) => `${key} ${f.sha256}`).join('\n');
  lines.push(`  ${'files'.padEnd(28)} ${String(fileList.length).padStart(9)} files sha256 ${createHash('sha256').update(digest).digest('hex')} (${bytes} bytes)`);
  return lines.join('\n');
}

export async function backupCommand(config: Config, out: string): Promise<void> {
  const target = open(config);
  try {
    const summary = await writeBackup(target, out, terminalProgress());
    process.stdout.write(`Wrote ${out} (${summary.bytes} bytes before compression), checksum sha256 ${summary.sha256}\n${describe(summary.tables, summary.files)}\n`);
  } finally {
    await target.close();
  }
}

export async function restoreCommand(config: Config, file: string, force: boolean): Promise<void> {
  const target = open(config);
  try {
    const { header, trailer } = await restoreBackup(target, file, { force, progress: terminalProgress() });
    process.stdout.write(
      `Restored ${file} (made ${header.created_at} on ${header.database}, checksum sha256 ${trailer.sha256}) into ${target.dbKind}\n${describe(trailer.tables, trailer.files)}\n`,
    );
  } finally {
    await target.close();
  }
}
