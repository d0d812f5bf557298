import type { Db } from '../db/connect';
import { migrationNames } from '../db/migrations/index';
import { withTimeout } from './with-timeout';

export type CheckResult = 'ok' | string;

export interface ReadinessReport {
  status: 'ready' | 'not_ready' | 'draining';
  /** Why this process should get no traffic; absent when ready. */
  reason?: string;
  /** Each check's result; a draining process answers without checking. */
  checks?: { database: CheckResult; migrations: CheckResult; realtime: CheckResult };
}

/** A database that does not answer within this long counts as down (a probe must not hang). */
const DB_TIMEOUT_MS = 1500;


/**
 * Whether this process should get traffic (GET /readyz): the database answers, it has every
 * migration this build knows, and the realtime listener is connected. A process that is
 * shutting down is `draining` at once, whatever the checks say. Concurrent probes share one
 * check, so a burst of them costs one query.
 */
export class Readiness {
  draining = false;
  /** Requests being handled now (counted by the lifecycle middleware; a shutdown waits for them). */
  inFlight = 0;
  private pending: Promise<ReadinessReport> | null = null;

  constructor(
    private readonly db: Db,
    /** The change hub's listener state; null until the hub has started. */
    private readonly realtime: () => { listening: boolean } | null,
    private readonly timeoutMs = DB_TIMEOUT_MS,
  ) {}

  check(): Promise<ReadinessReport> {
    if (this.draining) return Promise.resolve({ status: 'draining', reason: 'shutting down' });
    this.pending ??= this.run().finally(() => (this.pending = null));
    return this.pending;
  }

  private async run(): Promise<ReadinessReport> {
    const checks: NonNullable<ReadinessReport['checks']> = { database: 'ok', migrations: 'ok', realtime: 'ok' };
    try {
      // One round trip answers both: the database is there, and which of our migrations it has.
      const rows = await withTimeout(
        this.db.raw('select count(*)::int as n from knex_migrations where name = any(?)', [migrationNames as string[]]),
        this.timeoutMs,
        `did not answer within ${this.timeoutMs} ms`,
      );
      const applied = Number((rows.rows ?? rows)[0]?.n ?? 0);
      if (applied < migrationNames.length) checks.migrations = `${migrationNames.length - applied} pending (run cadence-server migrate)`;
    } catch (err) {
      const e = err as { code?: string; message?: string };
      if (e.code === '42P01') checks.migrations = 'not applied (run cadence-server migrate)';
      else {
        checks.database = `unavailable: ${e.code ?? e.message ?? 'error'}`;
        checks.migrations = 'unknown';
      }
    }
    const hub = this.realtime();
    if (!hub) checks.realtime = 'not started';
    else if (!hub.listening) checks.realtime = 'listener disconnected (reconnecting)';

    const failed = (Object.entries(checks) as Array<[string, string]>).filter(([, v]) => v !== 'ok');
    if (!failed.length) return { status: 'ready', checks };
    return { status: 'not_ready', reason: failed.map(([k, v]) => `${k}: ${v}`).join('; '), checks };
  }
}
