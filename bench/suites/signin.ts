import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const COST = 10; // the server's default BCRYPT_COST
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Run {
  hashesPerSecond: number;
  maxLoopDelayMs: number;
  p99LoopDelayMs: number;
}

/** Four concurrent sign-ins for `seconds` in a fresh process (signin/drive.ts). */
async function drive(impl: 'cadence' | 'native' | 'main-thread', seconds: number): Promise<Run> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(benchDir, 'signin/drive.ts'), impl, String(seconds), String(COST)], {
    cwd: benchDir,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Run;
}

export const signinSuite: Suite = {
  name: 'signin',
  description: '4 concurrent bcrypt sign-ins: our worker pool vs native bcrypt, and the event loop meanwhile',
  async run(ctx) {
    const seconds = ctx.quick ? 1 : 10;
    ctx.log(`native bcrypt, cost ${COST}, ${seconds} s`);
    const peer = await drive('native', seconds);
    ctx.log(`Cadence (bcryptjs in a worker pool), cost ${COST}, ${seconds} s`);
    const ours = await drive('cadence', seconds);
    // What the server did before the pool: bcryptjs's async API on the main thread.
    ctx.log(`bcryptjs on the main thread (the previous design), ${ctx.quick ? 1 : 5} s`);
    const before = await drive('main-thread', ctx.quick ? 1 : 5);
    const fmt = (r: Run) => `${round(r.hashesPerSecond)} hashes/s, loop delay max ${round(r.maxLoopDelayMs)} ms, p99 ${round(r.p99LoopDelayMs)} ms`;
    const detail = `native bcrypt: ${fmt(peer)}; ours: ${fmt(ours)}; bcryptjs on the main thread: ${fmt(before)}`;
    const rows: BenchRow[] = [
      {
        suite: 'signin',
        name: `sign-in hashes/s, 4 concurrent, cost ${COST}`,
        unit: 'hashes/s',
        ours: ours.hashesPerSecond,
        peer: { name: 'native bcrypt', value: peer.hashesPerSecond },
        budget: { on: 'ratio', op: '>=', limit: 0.7 },
        detail,
      },
      {
        suite: 'signin',
        name: 'event loop blocked, longest (monitorEventLoopDelay)',
        unit: 'ms',
        ours: ours.maxLoopDelayMs,
        peer: { name: 'bcryptjs on the main thread', value: before.maxLoopDelayMs },
        budget: { on: 'value', op: '<=', limit: 10 },
      },
    ];
    return rows;
  },
};
