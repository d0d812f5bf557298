import type { Knex } from 'knex';
import { DEMO_BASELINE } from './past';

/**
 * The demo's saved baseline, "Plan as of 4 weeks ago" (DEMO_BASELINE), at `at`: the moment the
 * demo's past (demo/past.ts) has a plan for, which later moves, additions and status changes
 * differ from, so "Compare with…" shows something on a fresh demo (docs/adr/0063, 0064). Saved by
 * the administrator, as an administrator would from the toolbar.
 */
export async function seedDemoBaseline(trx: Knex, admin: string, at: Date): Promise<{ name: string; at: Date }> {
  await trx('baselines').insert({ name: DEMO_BASELINE.name, at, created_by: admin });
  return { name: DEMO_BASELINE.name, at };
}
