/**
 * One row of the benchmark table: our figure beside a peer's (or a physical limit's) from the
 * same run, and the budget it is held to. `ratio` is always ours ÷ peer, so "≤ 0.5×" on a size
 * and "≥ 0.6×" on a rate read the way the issue states them.
 */
export interface BenchRow {
  suite: string;
  name: string;
  unit: string;
  ours: number;
  /** The peer measured in the same run; absent when the budget is an absolute limit. */
  peer?: { name: string; value: number };
  /**
   * The peer was run but could not finish (on a slow host, a baseline that never converges): our
   * figure stands, and a budget stated against the peer cannot be judged this run.
   */
  peerUnfinished?: { name: string; reason: string };
  /** Absent on a figure given for information (a link of the request chain, say). */
  budget?: Budget;
  /** Anything a reader needs to trust the figure: sample count, p99, sizes… */
  detail?: string;
}

export interface Budget {
  /** Compare the ratio to the peer, or our value itself. */
  on: 'ratio' | 'value';
  op: '<=' | '>=' | '<';
  limit: number;
}

export interface SuiteContext {
  /** A few seconds per suite: proves the harness works, measures nothing worth quoting. */
  quick: boolean;
  /** PostgreSQL server to create scratch databases on (BENCH_DATABASE_URL, default 127.0.0.1:5432). */
  pgAdminUrl: string;
  /** Print a progress line (stderr, so the table stays clean on stdout). */
  log(message: string): void;
}

export interface Suite {
  name: string;
  description: string;
  /** Runs only when named (`pnpm bench chain`): a diagnosis, not a figure with a budget. */
  optional?: boolean;
  run(ctx: SuiteContext): Promise<BenchRow[]>;
}

export function ratioOf(row: BenchRow): number | undefined {
  return row.peer && row.peer.value !== 0 ? row.ours / row.peer.value : undefined;
}

/**
 * `met` or `missed`; `unjudged` when there is nothing to judge by: no budget, or a budget against a
 * peer that could not finish (our own figure is still printed, and a missing figure of ours is
 * still a miss).
 */
export type Verdict = 'met' | 'missed' | 'unjudged';

export function verdictOf(row: BenchRow): Verdict {
  const budget = row.budget;
  if (!budget) return 'unjudged';
  if (budget.on === 'ratio' && !row.peer && row.peerUnfinished && Number.isFinite(row.ours)) return 'unjudged';
  const x = budget.on === 'ratio' ? ratioOf(row) : row.ours;
  if (x === undefined || Number.isNaN(x)) return 'missed';
  switch (budget.op) {
    case '<=':
      return x <= budget.limit ? 'met' : 'missed';
    case '>=':
      return x >= budget.limit ? 'met' : 'missed';
    case '<':
      return x < budget.limit ? 'met' : 'missed';
  }
}

export function meetsBudget(row: BenchRow): boolean {
  return verdictOf(row) === 'met';
}
