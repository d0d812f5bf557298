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
  budget: Budget;
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
  run(ctx: SuiteContext): Promise<BenchRow[]>;
}

export function ratioOf(row: BenchRow): number | undefined {
  return row.peer && row.peer.value !== 0 ? row.ours / row.peer.value : undefined;
}

export function meetsBudget(row: BenchRow): boolean {
  const x = row.budget.on === 'ratio' ? ratioOf(row) : row.ours;
  if (x === undefined || Number.isNaN(x)) return false;
  switch (row.budget.op) {
    case '<=':
      return x <= row.budget.limit;
    case '>=':
      return x >= row.budget.limit;
    case '<':
      return x < row.budget.limit;
  }
}
