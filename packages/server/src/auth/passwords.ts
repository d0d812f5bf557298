import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

type Task = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

let pool: Piscina<Task, string | boolean> | undefined;

/**
 * One pool per process, started on first use: a bcrypt hash is ~60 ms of CPU at cost 10, which on
 * the main thread would stall every request and realtime frame behind it (ADR 0011). Idle
 * workers are unref'd by Piscina, so the pool never keeps a process alive.
 */
function hashingPool(): Piscina<Task, string | boolean> {
  if (!pool) {
    // Bundled into dist/ by tsup (dist/password-worker.js); beside this file when run from source.
    const filename = [new URL('./password-worker.js', import.meta.url), new URL('./password-worker.mjs', import.meta.url)]
      .map((u) => fileURLToPath(u))
      .find((f) => existsSync(f));
    if (!filename) throw new Error('password-worker is missing from the build');
    // As many threads as libuv gives native bcrypt (4) or one per core if more: sign-ins arrive
    // in bursts, and on a shared machine fewer threads would get a smaller share of the CPU.
    const threads = Math.max(4, availableParallelism());
    // Every thread starts with the pool (at start-up: the constructor's dummy hash), because
    // creating a worker blocks the main thread for ~10–20 ms, which must not happen mid-request.
    pool = new Piscina({ filename, minThreads: threads, maxThreads: threads });
  }
  return pool;
}

export class Passwords {
  // A real hash to compare against when the address is unknown, so both cases take as long.
  private readonly dummy: Promise<string>;
  constructor(readonly cost: number) {
    this.dummy = this.hash('cadence-timing-equaliser');
    this.dummy.catch(() => {}); // surfaced by verify() if it is ever needed
  }
  async hash(password: string): Promise<string> {
    return (await hashingPool().run({ op: 'hash', password, cost: this.cost })) as string;
  }
  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    const ok = (await hashingPool().run({ op: 'compare', password, hash: hash ?? (await this.dummy) })) as boolean;
    return ok && !!hash;
  }
}
