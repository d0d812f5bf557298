/**
 * One sign-in load in a process of its own, so the event loop measured is that of a process
 * doing sign-ins (as a server would), not the bench runner's with every suite loaded.
 * `node --import tsx drive.ts <cadence|native|main-thread|idle> <seconds> <cost>` prints one JSON
 * line. `idle` signs nobody in: run beside another mode, its loop's delays are the host's own
 * (other processes, the hypervisor), the floor under any stall measured meanwhile.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import bcryptNative from 'bcrypt';
import bcryptjs from 'bcryptjs';
import { Passwords } from '../../packages/server/src/auth/passwords.js';

const [impl, secondsArg, costArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const cost = Number(costArg);
const password = 'correct horse battery staple';
const concurrency = 4;

let compare: () => Promise<boolean>;
if (impl === 'idle') {
  compare = () => new Promise((resolve) => setTimeout(() => resolve(true), 50));
} else if (impl === 'cadence') {
  const passwords = new Passwords(cost);
  const hash = await passwords.hash(password);
  compare = () => passwords.verify(password, hash);
} else if (impl === 'native') {
  const hash = await bcryptNative.hash(password, cost);
  compare = () => bcryptNative.compare(password, hash);
} else {
  const hash = await bcryptjs.hash(password, cost);
  compare = () => bcryptjs.compare(password, hash);
}

// Warm every thread: start-up and JIT are not what is measured.
await Promise.all(Array.from({ length: concurrency }, () => compare()));
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const deadline = performance.now() + seconds * 1000;
const started = performance.now();
let done = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      if (!(await compare())) throw new Error('a correct password was refused');
      done += 1;
    }
  }),
);
loop.disable();
const elapsed = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ hashesPerSecond: done / elapsed, maxLoopDelayMs: loop.max / 1e6, p99LoopDelayMs: loop.percentile(99) / 1e6 })}\n`);
process.exit(0);
