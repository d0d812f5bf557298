import type { Knex } from 'knex';
import { DEMO_BASELINE } from './past';

/**
 * The demo's saved baseline, "Plan as of 4 weeks ago" (DEMO_BASELINE), at `at`: the moment the
 * demo's past (demo/past.ts) has a plan for, which later moves, additions and status changes
 * differ from. A hook for now: saved baselines (issue 34) have no table on this branch yet; once
 * they do, this inserts the one row, created by the administrator (docs/adr/0064).
 */
export async function seedDemoBaseline(_trx: Knex, _admin: string, _at: Date): Promise<{ name: string; at: Date } | null> {
  void DEMO_BASELINE;
  return null;
}
