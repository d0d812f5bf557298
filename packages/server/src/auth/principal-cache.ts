import type { Knex } from 'knex';
import pg from 'pg';
import type { Db } from '../db/connect';
import type { Logger } from '../logger';

export const PRINCIPALS_CHANNEL = 'cadence_principals';

/**
 * Who a credential is (account, role, permissions, revocation) for the length of a few requests,
 * so an authenticated request needs no database round trip of its own (ADR 0013).
 *
 * Safe only while every change reaches it at once: this process calls `invalidate()` after
 * each commit that changes a principal, and triggers on those tables NOTIFY every other process
 * (and `cadence-server create-admin`, or an operator's SQL). On PostgreSQL the cache is `live`
 * only while its LISTEN connection is up; without one, every request reads the database.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { value: unknown; at: number }>();
  private epoch = 0;
  private live = false;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.invalidate();
  }

  invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live) return load();
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as T;
    const epoch = this.epoch;
    const value = await load();
    // A change committed while this load ran may not be in `value`: keep it only if none came.
    if (epoch === this.epoch && this.live) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, at: Date.now() });
    }
    return value;
  }
}

/**
 * Keeps a PostgreSQL LISTEN connection for principal changes made by other processes; the
 * cache is live only while it is connected. Returns a stop function.
 */
export function listenForPrincipalChanges(url: string, cache: PrincipalCache, log: Logger): () => Promise<void> {
  let stopped = false;
  let current: pg.Client | null = null;
  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => cache.invalidate());
    client.on('error', (err) => {
      if (current !== client) return;
      current = null;
      cache.setLive(false);
      log.warn({ err }, 'principal cache lost its listener; reading principals from the database until it is back');
      retry(0);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PRINCIPALS_CHANNEL}`);
    } catch {
      await client.end().catch(() => {});
      retry(attempt + 1);
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    cache.invalidate(); // whatever happened while away is unknown
    cache.setLive(true);
  };
  const retry = (attempt: number) => {
    if (stopped) return;
    setTimeout(() => void connect(attempt), Math.min(5000, 250 * 2 ** attempt)).unref();
  };
  void connect(0);
  return async () => {
    stopped = true;
    cache.setLive(false);
    await current?.end().catch(() => {});
    current = null;
  };
}

/**
 * A transaction that changes someone's role or permissions: the cache forgets once it commits.
 * Takes the two services it uses rather than `Services`, which itself names this module's cache.
 */
export async function principalTransaction<T>(
  s: { db: Db; principals: Pick<PrincipalCache, 'invalidate'> },
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await s.db.transaction(work);
  } finally {
    s.principals.invalidate();
  }
}
