import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Bulk loading with COPY (docs/architecture.md#csv-import): rows are written in COPY's text format and
 * loaded in the caller's transaction, through pg-copy-streams on PostgreSQL and PGlite's
 * `/dev/blob` on PGlite. An import loads a staging table this way, checks it, and moves the
 * rows with one INSERT … SELECT: all or nothing, at COPY speed.
 */

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES = /[\\\t\n\r]/g;
const ESCAPE_OF: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: `\N` for null, backslash escapes for the separators. */
export function copyValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPES, (c) => ESCAPE_OF[c]!) : value;
}

/** One row (line) of COPY text. */
export function copyLine(values: ReadonlyArray<string | number | null | undefined>): string {
  let line = copyValue(values[0]);
  for (let i = 1; i < values.length; i++) line += '\t' + copyValue(values[i]);
  return line + '\n';
}

/** Collects COPY lines into pieces of about `pieceBytes` for writing. */
export class CopyText {
  private lines: string[] = [];
  private chars = 0;
  /** Data rows added so far. */
  rows = 0;

  constructor(private readonly pieceChars = 256 * 1024) {}

  /** Adds a line; returns a full piece when there is one. */
  add(line: string): Buffer | null {
    this.lines.push(line);
    this.rows++;
    this.chars += line.length;
    return this.chars >= this.pieceChars ? this.flush() : null;
  }

  /** Whatever is pending, as one piece (null when nothing is). */
  flush(): Buffer | null {
    if (!this.lines.length) return null;
    const piece = Buffer.from(this.lines.join(''), 'utf8');
    this.lines = [];
    this.chars = 0;
    return piece;
  }
}

/** A COPY … FROM STDIN in progress on the transaction's own connection. */
export interface CopyStream {
  write(piece: Buffer): Promise<void>;
  /** Ends the data; resolves when the database has loaded it (rejects with its refusal). */
  end(): Promise<void>;
  /** Gives up: the database is told the COPY failed, so the connection can roll back. */
  abort(reason: Error): Promise<void>;
}

/** Starts `COPY … FROM STDIN` (PostgreSQL only): pieces go to the database as they are written. */
export async function openPgCopy(trx: Knex.Transaction, sql: string): Promise<CopyStream> {
  const conn = (await trx.client.acquireConnection()) as pg.Client;
  const stream = conn.query(copyFrom(sql));
  let failure: Error | null = null;
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', (err) => {
      failure = err;
      reject(err);
    });
  });
  done.catch(() => {}); // observed by write() and end()
  return {
    async write(piece) {
      if (failure) throw failure;
      if (!stream.write(piece)) {
        await new Promise<void>((resolve, reject) => {
          const onDrain = () => {
            stream.off('error', onError);
            resolve();
          };
          const onError = (err: Error) => {
            stream.off('drain', onDrain);
            reject(err);
          };
          stream.once('drain', onDrain);
          stream.once('error', onError);
        });
      }
    },
    async end() {
      if (failure) throw failure;
      stream.end();
      await done;
    },
    async abort(reason) {
      if (failure || stream.writableFinished) return;
      stream.destroy(reason); // sends CopyFail
      await done.catch(() => {});
    },
  };
}

/** `COPY … FROM '/dev/blob'` on PGlite, in the transaction, from pieces already in memory. */
export async function pgliteCopy(trx: Knex.Transaction, sql: string, pieces: Buffer[]): Promise<void> {
  const conn = (await trx.client.acquireConnection()) as PGlite;
  await conn.query(sql, [], { blob: new Blob(pieces as Array<Uint8Array<ArrayBuffer>>) });
}

/** The line of COPY data a refusal names ("COPY t, line 12, column x: …"), if any. */
export function copyErrorLine(err: unknown): number | null {
  const where = (err as { where?: unknown })?.where;
  const m = typeof where === 'string' ? /COPY [^,]+, line (\d+)/.exec(where) : null;
  return m ? Number(m[1]) : null;
}
