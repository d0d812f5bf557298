/**
 * Background work that leaves the request path: each kind is a `BackgroundTask` whose `tick`
 * claims what is due from a table (`FOR UPDATE SKIP LOCKED`, so many processes share the work
 * and a crash leaves the rows to be claimed again) and answers how many it handled. The table is
 * the queue: nothing is held in memory, so a restart loses nothing (docs/adr/0058).
 *
 * A task runs again at once while it finds work, otherwise after its interval; a request that
 * has just committed work calls `wake(name)` so this process starts on it without waiting.
 */
import type { Knex } from 'knex';
import type { Logger } from '../logger';

/** Runs `fn` once `db` commits (at once when it is not a transaction): how a write wakes a task without it claiming rows not yet visible. */
export function afterCommit(db: Knex, fn: () => void): void {
  const done = (db as Knex.Transaction).executionPromise;
  if (done) done.then(fn, () => {});
  else fn();
}

export interface BackgroundTask {
  /** Its name in logs and in `wake()`. */
  readonly name: string;
  /** How long to wait when the last tick found nothing (other processes' work, due times). */
  readonly intervalMs: number;
  /** Claims and handles one batch of what is due; answers how many it handled (0: nothing due). */
  tick(): Promise<number>;
}

export class Background {
  private readonly tasks = new Map<string, { task: BackgroundTask; timer: NodeJS.Timeout | null; running: Promise<void> | null; again: boolean }>();
  private stopped = true;

  constructor(private readonly log: Logger) {}

  /** Registers tasks; they run from `start()` on. */
  add(...tasks: BackgroundTask[]): void {
    for (const task of tasks) this.tasks.set(task.name, { task, timer: null, running: null, again: false });
    if (!this.stopped) for (const t of tasks) this.schedule(t.name, 0);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const name of this.tasks.keys()) this.schedule(name, 0);
  }

  /** Runs a task now (after its current tick, if one is running). A stopped or unknown task is left alone. */
  wake(name: string): void {
    const entry = this.tasks.get(name);
    if (!entry || this.stopped) return;
    if (entry.running) entry.again = true;
    else this.schedule(name, 0);
  }

  /** Stops scheduling and waits for the ticks under way (their claims commit or roll back). */
  async stop(): Promise<void> {
    this.stopped = true;
    const running: Promise<void>[] = [];
    for (const entry of this.tasks.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      if (entry.running) running.push(entry.running);
    }
    await Promise.all(running);
  }

  /**
   * Runs every task's ticks until none finds work (tests, and a CLI that drains before it exits).
   * A tick already running (woken by a commit) is waited for first: its claimed rows are skipped by
   * ours, so "nothing left" is only true once it has committed too.
   */
  async drain(): Promise<void> {
    for (const entry of this.tasks.values()) {
      for (;;) {
        if (entry.running) {
          await entry.running;
          continue;
        }
        if ((await entry.task.tick()) > 0) continue;
        if (!entry.running) break;
      }
    }
  }

  private schedule(name: string, ms: number): void {
    const entry = this.tasks.get(name)!;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      entry.running = this.run(name).finally(() => (entry.running = null));
    }, ms);
    entry.timer.unref();
  }

  private async run(name: string): Promise<void> {
    const entry = this.tasks.get(name)!;
    entry.again = false;
    let handled = 0;
    try {
      handled = await entry.task.tick();
    } catch (err) {
      this.log.warn({ err, task: name }, 'background task failed; it runs again after its interval');
    }
    if (this.stopped) return;
    // Found work: there may be more. Woken meanwhile: a request committed new work.
    this.schedule(name, handled > 0 || entry.again ? 0 : entry.task.intervalMs);
  }
}
