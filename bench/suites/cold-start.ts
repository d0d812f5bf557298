import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverBin, repoRoot } from '../lib/server.js';
import { median, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const appIndex = path.join(repoRoot, 'packages/app/dist/index.html');

/** Spawn `node packages/server/dist/bin.js start` and poll GET / until the app's page is served. */
async function timeToFirstPage(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [serverBin, 'start'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 30_000) throw new Error('no page within 30 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        const body = await res.text();
        if (res.ok && body.includes('<div id="root"')) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export const coldStartSuite: Suite = {
  name: 'cold-start',
  description: 'the built start command on PGlite until the first page is served',
  async run(ctx) {
    if (!existsSync(appIndex)) throw new Error(`${appIndex} is missing: build first (pnpm bench does)`);
    const samples = ctx.quick ? 1 : 5;
    const port = 18_000 + Math.floor(Math.random() * 2000);
    const fresh: number[] = [];
    const restart: number[] = [];
    for (let i = 0; i < samples; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-cold-'));
      try {
        fresh.push(await timeToFirstPage(dataDir, port)); // creates the database and migrates
        restart.push(await timeToFirstPage(dataDir, port)); // the same data directory again
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      ctx.log(`sample ${i + 1}: new data directory ${round(fresh[i]!)} ms, restart ${round(restart[i]!)} ms`);
    }
    const rows: BenchRow[] = [
      { suite: 'cold-start', name: 'start to first page, new data directory (PGlite)', unit: 'ms', ours: median(fresh), budget: { on: 'value', op: '<', limit: 3000 }, detail: `samples ${fresh.map((x) => round(x, 0)).join(', ')} ms` },
      { suite: 'cold-start', name: 'start to first page, existing data (PGlite)', unit: 'ms', ours: median(restart), budget: { on: 'value', op: '<', limit: 3000 }, detail: `samples ${restart.map((x) => round(x, 0)).join(', ')} ms` },
    ];
    return rows;
  },
};
