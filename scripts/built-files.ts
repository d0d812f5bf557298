import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The files below `dir` (a build folder, relative to `root`) whose names end with one of `exts`, or null when it does not exist. */
export function builtFiles(root: string, dir: string, exts: readonly string[]): string[] | null {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return null;
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const p = path.join(d, name);
      return statSync(p).isDirectory() ? walk(p) : exts.some((e) => name.endsWith(e)) ? [p] : [];
    });
  return walk(abs);
}
