import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { asStream, assertSafeKey, isSafeKey, type FileStorage } from './storage';

/** Rows of at most this many bytes: a put or a read holds one chunk at a time, not a file. */
export const BLOB_CHUNK_BYTES = 512 * 1024;

/** The tables this store keeps; backups carry their content as files instead of as rows. */
export const STORAGE_TABLES = ['storage_files', 'storage_blob_chunks', 'storage_blobs'];

/** Regroups a stream into BLOB_CHUNK_BYTES pieces (the last may be shorter). */
async function* rechunk(source: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of source) {
    let buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    while (length + buf.length >= BLOB_CHUNK_BYTES) {
      const take = BLOB_CHUNK_BYTES - length;
      pending.push(buf.subarray(0, take));
      yield Buffer.concat(pending);
      buf = buf.subarray(take);
      pending = [];
      length = 0;
    }
    if (buf.length) {
      pending.push(buf);
      length += buf.length;
    }
  }
  if (length) yield Buffer.concat(pending);
}

const asBuffer = (data: Uint8Array) => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

/**
 * Uploads as content-addressed blobs in PostgreSQL (the default with DATABASE_URL), so every
 * process on the database serves every upload. `db` may be a transaction (a restore writes its
 * files in the transaction that writes its rows).
 */
export function postgresStorage(db: Knex | Knex.Transaction): FileStorage {
  return {
    kind: 'postgres',
    async put(key, data) {
      assertSafeKey(key);
      await db.transaction(async (trx) => {
        const blobId: string = randomUUID();
        await trx('storage_blobs').insert({ id: blobId, sha256: null, size: 0 });
        const hash = createHash('sha256');
        let size = 0;
        let n = 0;
        for await (const chunk of rechunk(asStream(data))) {
          hash.update(chunk);
          size += chunk.length;
          await trx('storage_blob_chunks').insert({ blob_id: blobId, n: n++, data: chunk });
        }
        const sha256 = hash.digest('hex');
        // Two writers of the same bytes take turns here, so the second finds the first's blob
        // (read committed: each statement sees what committed before it) and keeps only one copy.
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`cadence-blob:${sha256}`]);
        const existing = await trx('storage_blobs').where({ sha256 }).first('id');
        let id = blobId;
        if (existing) {
          await trx('storage_blobs').where({ id: blobId }).delete();
          id = existing.id as string;
        } else {
          await trx('storage_blobs').where({ id: blobId }).update({ sha256, size });
        }
        await trx.raw(
          'INSERT INTO storage_files (key, blob_id) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET blob_id = excluded.blob_id, created_at = now()',
          [key, id],
        );
      });
    },
    async open(key) {
      if (!isSafeKey(key)) return null;
      const row = await db('storage_files as f')
        .join('storage_blobs as b', 'b.id', 'f.blob_id')
        .where('f.key', key)
        .first('b.id', 'b.size');
      if (!row) return null;
      // One chunk per read, asked for only when the consumer wants more (backpressure), with the
      // next one already on its way while this one is sent.
      const fetchChunk = (n: number): Promise<Buffer | null> =>
        db('storage_blob_chunks')
          .where({ blob_id: row.id, n })
          .first('data')
          .then((chunk: { data: Uint8Array } | undefined) => (chunk ? asBuffer(chunk.data) : null));
      let n = 0;
      let next: Promise<Buffer | null> | null = null;
      const stream = new Readable({
        read() {
          const current = next ?? fetchChunk(n);
          n++;
          current.then(
            (chunk) => {
              next = chunk ? fetchChunk(n) : null;
              next?.catch(() => {}); // a failure surfaces at the next read
              this.push(chunk);
            },
            (err: Error) => this.destroy(err),
          );
        },
        destroy(err, callback) {
          next = null;
          callback(err);
        },
      });
      return { stream, size: Number(row.size) };
    },
    async *list() {
      let after = '';
      for (;;) {
        const rows: Array<{ key: string; size: number }> = await db('storage_files as f')
          .join('storage_blobs as b', 'b.id', 'f.blob_id')
          .where('f.key', '>', after)
          .orderBy('f.key')
          .limit(500)
          .select('f.key', 'b.size');
        for (const r of rows) yield { key: r.key, size: Number(r.size) };
        if (rows.length < 500) return;
        after = rows[rows.length - 1]!.key;
      }
    },
    async close() {},
  };
}
