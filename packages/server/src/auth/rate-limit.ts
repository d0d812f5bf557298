import { rateLimited } from '../errors';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in this process. Each process limits on its own, so N processes
 * allow up to N× the budget; see docs/adr/0004-rate-limits-in-process.md.
 */
export class RateLimiter {
  private windows = new Map<string, Window>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  /** Throws 429 with Retry-After when the key has used its budget. */
  check(key: string, message?: string): void {
    const w = this.current(key);
    if (w && w.count >= this.limit) {
      throw rateLimited(Math.max(1, Math.ceil((w.resetAt - this.now()) / 1000)), message);
    }
  }

  hit(key: string): void {
    const w = this.current(key);
    if (w) w.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 100_000) this.sweep();
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
