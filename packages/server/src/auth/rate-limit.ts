import type { Knex } from 'knex';
import { rateLimited } from '../errors';

/**
 * Fixed-window counters in the database, so every server process shares them: switching
 * process gains an attacker nothing (docs/adr/0004-rate-limits-in-the-database.md).
 */
export class RateLimiter {
  constructor(
    private readonly db: Knex,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private key(key: string) {
    return `${this.name}:${key}`;
  }

  /** Throws 429 with Retry-After when the key has used its budget in the current window. */
  async check(key: string, message?: string): Promise<void> {
    const row = await this.db('rate_limits')
      .where({ key: this.key(key) })
      .andWhere('window_start', '>', this.db.raw(`now() - make_interval(secs => ?)`, [this.windowMs / 1000]))
      .first<{ count: number; window_start: Date } | undefined>('count', 'window_start');
    if (row && row.count >= this.limit) {
      const resetAt = new Date(row.window_start).getTime() + this.windowMs;
      throw rateLimited(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)), message);
    }
  }

  /** Counts one attempt; a window that has run out starts again at one. */
  async hit(key: string): Promise<void> {
    await this.db.raw(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ?) THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ?) THEN now() ELSE rate_limits.window_start END`,
      [this.key(key), this.windowMs / 1000, this.windowMs / 1000],
    );
  }

  /** check, then hit: for budgets that count every attempt (sign-ups, reset mails). */
  async take(key: string, message?: string): Promise<void> {
    await this.check(key, message);
    await this.hit(key);
  }
}

/** Deletes windows that ended long ago; run now and then. */
export async function pruneRateLimits(db: Knex, olderThanMs = 86_400_000): Promise<void> {
  await db('rate_limits').where('window_start', '<', db.raw('now() - make_interval(secs => ?)', [olderThanMs / 1000])).delete();
}
