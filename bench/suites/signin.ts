import { monitorEventLoopDelay } from 'node:perf_hooks';
import bcryptNative from 'bcrypt';
import { Passwords } from '../../packages/server/src/auth/passwords.js';
import { round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const COST = 10; // the server's default BCRYPT_COST

interface Run {
  hashesPerSecond: number;
  maxLoopDelayMs: number;
  p99LoopDelayMs: number;
}

/**
 * `concurrency` sign-ins at once, each a bcrypt compare, for `seconds`; the event-loop delay of
 * this process is what a server doing the same would show its other requests.
 */
async function drive(compare: () => Promise<boolean>, seconds: number, concurrency = 4): Promise<Run> {
  // Warm every thread: worker start-up and JIT are not what is measured.
  await Promise.all(Array.from({ length: concurrency }, () => compare()));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (!(await compare())) throw new Error('a correct password was refused');
        done += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  loop.disable();
  return { hashesPerSecond: done / elapsed, maxLoopDelayMs: loop.max / 1e6, p99LoopDelayMs: loop.percentile(99) / 1e6 };
}

export const signinSuite: Suite = {
  name: 'signin',
  description: '4 concurrent bcrypt sign-ins: our worker pool vs native bcrypt, and the event loop meanwhile',
  async run(ctx) {
    const seconds = ctx.quick ? 1 : 10;
    const password = 'correct horse battery staple';
    const passwords = new Passwords(COST);
    const ourHash = await passwords.hash(password);
    const nativeHash = await bcryptNative.hash(password, COST);
    ctx.log(`native bcrypt, cost ${COST}, ${seconds} s`);
    const peer = await drive(() => bcryptNative.compare(password, nativeHash), seconds);
    ctx.log(`Cadence (bcryptjs in a worker pool), cost ${COST}, ${seconds} s`);
    const ours = await drive(() => passwords.verify(password, ourHash), seconds);
    // What the server did before the pool: bcryptjs's async API on the main thread.
    ctx.log(`bcryptjs on the main thread (the previous design), ${ctx.quick ? 1 : 5} s`);
    const bcryptjs = (await import('bcryptjs')).default;
    const before = await drive(() => bcryptjs.compare(password, ourHash), ctx.quick ? 1 : 5);
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
