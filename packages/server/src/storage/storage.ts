import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk today; an S3-compatible store can implement the same. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when the key does not exist. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
}

// Keys are made by the server, so anything else (traversal, odd names) simply does not exist.
const SAFE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9-]+)*\/[A-Za-z0-9-]+\.(png|jpg|gif|webp)$/;
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export function localDiskStorage(root: string): FileStorage {
  const full = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx' });
    },
    async open(key) {
      if (!isSafeKey(key)) return null;
      try {
        const info = await stat(full(key));
        if (!info.isFile()) return null;
        return { stream: createReadStream(full(key)), size: info.size };
      } catch {
        return null;
      }
    },
  };
}
