import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The backup file (docs/operations.md#backup-format): gzip of UTF-8 lines, one JSON value each.
 * A line starting with `{"$":` is a control line (header, table, file, data, end-…); any other
 * line is one row of the current table, as PostgreSQL's to_jsonb wrote it, less the feed's `change_xid` stamp. The last
 * line, `{"$":"end",…}`, holds the SHA-256 of every line before it (each with its "\n").
 */
export const BACKUP_FORMAT = 'cadence-backup';
export const BACKUP_VERSION = 1;

export interface Header {
  $: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: 'pglite' | 'postgres';
  migrations: string[];
}

export interface TableDigest {
  rows: number;
  sha256: string;
}

export interface Trailer {
  $: 'end';
  tables: Record<string, TableDigest>;
  files: Record<string, { size: number; sha256: string }>;
  sha256: string;
}

export type ControlLine =
  | Header
  | { $: 'table'; name: string; columns: string[] }
  | { $: 'end-table'; name: string; rows: number }
  | { $: 'file'; key: string; size: number }
  | { $: 'data'; base64: string }
  | { $: 'end-file'; key: string; sha256: string }
  | Trailer;

export const CONTROL_PREFIX = '{"$":';
export const control = (line: string): ControlLine | null => (line.startsWith(CONTROL_PREFIX) ? (JSON.parse(line) as ControlLine) : null);

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Writes lines through gzip to a file, hashing them and waiting whenever the disk is behind. */
export class LineWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly file;
  private readonly hash: Hash = createHash('sha256');
  private readonly done: Promise<void>;
  bytes = 0;

  constructor(path: string) {
    // Every table (password and token hashes) and every file: readable and writable by its owner alone.
    this.file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    this.gzip.pipe(this.file);
    this.done = once(this.file, 'close').then(() => undefined);
    // An error on either stream surfaces at the next write (the drain wait rejects) or at finish.
    this.gzip.on('error', (err) => this.file.destroy(err));
    this.file.on('error', (err) => this.gzip.destroy(err));
  }

  async write(line: string): Promise<void> {
    const text = `${line}\n`;
    this.hash.update(text);
    this.bytes += Buffer.byteLength(text);
    if (this.file.errored) throw this.file.errored;
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
  }

  /** Writes the trailer with the checksum of everything before it, and closes the file. */
  async finish(trailer: Omit<Trailer, '$' | 'sha256'>): Promise<string> {
    const sha256 = this.hash.digest('hex');
    this.gzip.end(`${JSON.stringify({ $: 'end', ...trailer, sha256 })}\n`);
    await this.done;
    if (this.file.errored) throw this.file.errored;
    return sha256;
  }

  abort(): void {
    this.gzip.destroy();
    this.file.destroy();
  }
}

/** The file's lines, in order, read as they are needed (memory holds one piece of the file, not all of it). */
export async function* readLines(path: string, onBytes?: (compressedBytes: number) => void): AsyncGenerator<string> {
  const source = createReadStream(path);
  let read = 0;
  source.on('data', (chunk) => {
    read += chunk.length;
    onBytes?.(read);
  });
  const gunzip = source.pipe(createGunzip());
  source.on('error', (err) => gunzip.destroy(err));
  // A character may be split between two pieces; the decoder keeps its first bytes for the next.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      const text = rest + decoder.write(chunk as Buffer);
      const lines = text.split('\n');
      rest = lines.pop()!;
      for (const line of lines) yield line;
    }
  } catch (err) {
    throw new BackupError(`${path} is not a readable backup (${(err as Error).message}); it may be damaged or cut short`);
  }
  rest += decoder.end();
  if (rest) yield rest;
}

const TRAILER_PREFIX = '{"$":"end",';

/**
 * Reads the whole file once and checks it before anything is written: a backup of this format
 * and version, complete, and with every line as the checksum says. Returns its header and trailer.
 */
export async function verifyBackup(path: string, onBytes?: (compressedBytes: number) => void): Promise<{ header: Header; trailer: Trailer }> {
  const hash = createHash('sha256');
  let header: Header | undefined;
  let trailer: Trailer | undefined;
  for await (const line of readLines(path, onBytes)) {
    if (trailer) throw new BackupError(`${path} has lines after its end: it is not a backup this cadence-server wrote, or it was changed`);
    if (!header) header = readHeader(path, line);
    if (line.startsWith(TRAILER_PREFIX)) {
      trailer = JSON.parse(line) as Trailer;
      continue;
    }
    hash.update(`${line}\n`);
  }
  if (!header) throw new BackupError(`${path} is empty`);
  if (!trailer) throw new BackupError(`${path} ends early (no end line): the backup was cut short or is still being written`);
  const actual = hash.digest('hex');
  if (actual !== trailer.sha256) {
    throw new BackupError(`${path} fails its checksum (expected sha256 ${trailer.sha256}, the content gives ${actual}): the file was changed or damaged; nothing was restored`);
  }
  return { header, trailer };
}

function readHeader(path: string, line: string): Header {
  let header: Partial<Header> | undefined;
  try {
    header = JSON.parse(line) as Partial<Header>;
  } catch {
    header = undefined;
  }
  if (header?.$ !== 'header' || header.format !== BACKUP_FORMAT) throw new BackupError(`${path} is not a Cadence backup (no cadence-backup header)`);
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${path} is backup format version ${String(header.version)}; this cadence-server reads version ${BACKUP_VERSION}` +
        (Number(header.version) > BACKUP_VERSION ? ': restore it with the newer cadence-server that wrote it' : ''),
    );
  }
  return header as Header;
}
