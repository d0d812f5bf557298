import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time under `p` (a file or a folder), 0 when it does not exist. */
export function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** True when `output` exists and is newer than everything in `sources` (absolute paths). */
export function isBuildFresh(output: string, sources: readonly string[]): boolean {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return sources.every((s) => newestMtime(s) < built);
}
