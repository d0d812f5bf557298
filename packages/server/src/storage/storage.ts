import { Readable } from 'node:stream';

/** What a store answers for a key that exists: its bytes, streamed, and their length. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live (docs/adr/0025-file-storage-and-backups.md): local disk, PostgreSQL
 * blobs or an S3-compatible bucket, chosen by STORAGE_URL. Keys are made by the server; a key is
 * written once, and a second put of the same key leaves one whole file, never a mix of two.
 */
export interface FileStorage {
  readonly kind: 'local' | 'postgres' | 's3';
  /** Stores the bytes under `key`; a stream is read once and never held whole in memory. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** null when the key does not exist. */
  open(key: string): Promise<StoredFile | null>;
  /** Every stored key with its size, in key order (backups). */
  list(): AsyncIterable<{ key: string; size: number }>;
  close(): Promise<void>;
}

// Keys are made by the server, so anything else (traversal, odd names) simply does not exist.
const SAFE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9-]+)*\/[A-Za-z0-9-]+\.(png|jpg|gif|webp)$/;
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

export const asStream = (data: Buffer | Readable): Readable => (Buffer.isBuffer(data) ? Readable.from([data]) : data);
