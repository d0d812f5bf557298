import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const appDir = path.join(root, 'packages/app');
const distIndex = path.join(appDir, 'dist/index.html');
const SOURCES = ['packages/app/src', 'packages/app/index.html', 'packages/app/vite.config.ts', 'packages/widgets/src', 'packages/core/src'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/**
 * Builds the SPA into packages/app/dist (what the server serves at `/`) unless the build is
 * newer than every source it is made from. Vite builds from the sibling packages' sources.
 */
export function ensureAppBuilt(): void {
  const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built > newest) return;
  const vite = path.join(appDir, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: appDir, stdio: 'inherit' });
}
