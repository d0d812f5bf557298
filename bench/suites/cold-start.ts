import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverBin, repoRoot } from '../lib/server.js';
import { median, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const appIndex = path.join(repoRoot, 'packages/app/dist/index.html');
const bareStart = path.join(repoRoot, 'bench/http/bare-start.mjs');

/** Spawn `node packages/server/dist/bin.js start` and poll GET / until the app's page is served. */
function timeToFirstPage(dataDir: string, port: number): Promise<number> {
  return timeToPage([serverBin, 'start'], { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, port);
}

/** The same for bare Koa serving the same page: the host's floor, measured in the same run. */
function bareTimeToFirstPage(port: number): Promise<number> {
  return timeToPage([bareStart, String(port), appIndex], {}, port);
}

async function timeToPage(args: string[], env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
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
    const bare: number[] = [];
    for (let i = 0; i < samples; i++) {
      bare.push(await bareTimeToFirstPage(port));
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-cold-'));
      try {
        fresh.push(await timeToFirstPage(dataDir, port)); // creates the database and migrates
        restart.push(await timeToFirstPage(dataDir, port)); // the same data directory again
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      ctx.log(`sample ${i + 1}: new data directory ${round(fresh[i]!)} ms, restart ${round(restart[i]!)} ms, bare Koa ${round(bare[i]!)} ms`);
    }
    // The budgets are absolute; the bare peer of the same run tells a slow host from a slow change.
    const peer = { name: 'bare Koa serving the same page', value: median(bare) };
    const samplesText = (xs: number[]) => `samples ${xs.map((x) => round(x, 0)).join(', ')} ms; bare Koa ${bare.map((x) => round(x, 0)).join(', ')} ms`;
    const rows: BenchRow[] = [
      { suite: 'cold-start', name: 'start to first page, new data directory (PGlite)', unit: 'ms', ours: median(fresh), peer, budget: { on: 'value', op: '<', limit: 3000 }, detail: samplesText(fresh) },
      { suite: 'cold-start', name: 'start to first page, existing data (PGlite)', unit: 'ms', ours: median(restart), peer, budget: { on: 'value', op: '<', limit: 3000 }, detail: samplesText(restart) },
    ];
    return rows;
  },
};
