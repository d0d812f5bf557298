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
async function drive(impl: 'cadence' | 'native' | 'main-thread' | 'idle', seconds: number): Promise<Run> {
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
    ctx.log(`Cadence (bcryptjs in a worker pool), cost ${COST}, ${seconds} s, beside an idle Node process`);
    // The idle process's longest stall meanwhile is the host's (other work, the hypervisor), not ours:
    // on a loaded 2-core machine it alone exceeds the 10 ms budget.
    const [ours, idle] = await Promise.all([drive('cadence', seconds), drive('idle', seconds)]);
    // What the server did before the pool: bcryptjs's async API on the main thread.
    ctx.log(`bcryptjs on the main thread (the previous design), ${ctx.quick ? 1 : 5} s`);
    const before = await drive('main-thread', ctx.quick ? 1 : 5);
    const fmt = (r: Run) => `${round(r.hashesPerSecond)} hashes/s, loop delay max ${round(r.maxLoopDelayMs)} ms, p99 ${round(r.p99LoopDelayMs)} ms`;
    const detail = `native bcrypt: ${fmt(peer)}; ours: ${fmt(ours)}; an idle Node process meanwhile: loop delay max ${round(idle.maxLoopDelayMs)} ms, p99 ${round(idle.p99LoopDelayMs)} ms; bcryptjs on the main thread: ${fmt(before)}`;
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
        // The budget is absolute; the idle process beside ours tells a slow host from a stall of ours.
        peer: { name: 'an idle Node process, same seconds (the host\'s floor)', value: idle.maxLoopDelayMs },
        budget: { on: 'value', op: '<=', limit: 10 },
      },
    ];
    return rows;
  },
};
