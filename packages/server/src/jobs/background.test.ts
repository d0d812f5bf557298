import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { Background, type BackgroundTask } from './background';

const quiet = createLogger('silent', false);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

/** A task over an in-memory queue that handles `batch` items per tick. */
function queueTask(name: string, queue: number[], batch = 2, intervalMs = 60_000): BackgroundTask & { ticks: number; handled: number[] } {
  const task = {
    name,
    intervalMs,
    ticks: 0,
    handled: [] as number[],
    async tick() {
      task.ticks++;
      const taken = queue.splice(0, batch);
      task.handled.push(...taken);
      return taken.length;
    },
  };
  return task;
}

describe('background tasks', () => {
  it('should run a task again at once while it finds work, then wait for its interval', async () => {
    const bg = new Background(quiet);
    const task = queueTask('mail', [1, 2, 3, 4, 5]);
    bg.add(task);
    bg.start();
    await until(() => task.handled.length === 5);
    // Three ticks with work and one that found none; the interval (a minute) holds the next.
    await until(() => task.ticks === 4);
    await new Promise((r) => setTimeout(r, 30));
    expect(task.ticks).toBe(4);
    await bg.stop();
  });

  it('should start on new work when woken instead of waiting for the interval', async () => {
    const bg = new Background(quiet);
    const queue: number[] = [];
    const task = queueTask('hooks', queue);
    bg.add(task);
    bg.start();
    await until(() => task.ticks === 1);
    queue.push(7);
    bg.wake('hooks');
    await until(() => task.handled.includes(7));
    await bg.stop();
  });

  it('should keep running after a failed tick, and not after stop', async () => {
    const bg = new Background(quiet);
    let calls = 0;
    bg.add({ name: 'flaky', intervalMs: 10, tick: async () => { calls++; if (calls === 1) throw new Error('database gone'); return 0; } });
    bg.start();
    await until(() => calls >= 2);
    await bg.stop();
    const after = calls;
    bg.wake('flaky');
    await new Promise((r) => setTimeout(r, 40));
    expect(calls).toBe(after);
  });

  it('should wait for a tick under way when stopping', async () => {
    const bg = new Background(quiet);
    let finished = false;
    let started = false;
    bg.add({ name: 'slow', intervalMs: 60_000, tick: async () => { started = true; await new Promise((r) => setTimeout(r, 50)); finished = true; return 0; } });
    bg.start();
    await until(() => started);
    await bg.stop();
    expect(finished).toBe(true);
  });

  it('should drain every task until none finds work', async () => {
    const bg = new Background(quiet);
    const a = queueTask('a', [1, 2, 3]);
    const b = queueTask('b', [4]);
    bg.add(a, b);
    await bg.drain();
    expect([...a.handled, ...b.handled]).toEqual([1, 2, 3, 4]);
  });

  it('should wait in a drain for a tick already under way, whose claimed work a new tick cannot see', async () => {
    const bg = new Background(quiet);
    const queue = [1, 2];
    const handled: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let ticks = 0;
    // Claims everything at once, as SKIP LOCKED hides claimed rows from other ticks, and commits after the gate.
    bg.add({ name: 'claims', intervalMs: 60_000, tick: async () => { ticks++; const taken = queue.splice(0); await gate; handled.push(...taken); return taken.length; } });
    bg.start();
    await until(() => ticks === 1);
    let drained = false;
    const draining = bg.drain().then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(drained).toBe(false);
    release();
    await draining;
    expect(handled).toEqual([1, 2]);
    await bg.stop();
  });
});
