import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { asStream, assertSafeKey, isSafeKey, type FileStorage } from './storage';

/** Files under `root` (DATA_DIR/storage by default): the PGlite default, one host only. */
export function localDiskStorage(root: string): FileStorage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed into place: a reader or a second writer of the same
      // key never sees half a file, and the last rename leaves one whole file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(asStream(data), createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
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
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const keys = entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter(isSafeKey)
        .sort();
      for (const key of keys) {
        const info = await stat(full(key)).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size };
      }
    },
    async close() {},
  };
}
