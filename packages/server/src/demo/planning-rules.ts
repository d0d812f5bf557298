import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { runAs } from '../history/actor';
import { recordHistory } from '../history/record';
import { presentRule } from '../planning-rules/store';

// Two planning rules for the demo (docs/adr/0062), as an administrator would add them in Settings:
// warnings, so a drag is asked about and never refused, and so the Conflicts filter, the badges
// on chips and bars, the load strip and Settings → Conflicts have something to show on a fresh
// `--demo` install. Their history entries make them part of the demo's past like the rest.

export const DEMO_PLANNING_RULES = [
  { kind: 'non_working', severity: 'warn', limit: null, period: null, channel: null, audience: null, gap_days: null, name: null },
  { kind: 'owner_load', severity: 'warn', limit: 2, period: 'week', channel: null, audience: null, gap_days: null, name: null },
] as const;

/** Added by the administrator a week before `today` (the entries' actor and moment). */
export async function seedPlanningRules(trx: Knex, admin: string, today: string): Promise<void> {
  const at = new Date(Date.parse(`${today}T09:30:00Z`) - 7 * 86_400_000);
  // A minute apart, as added one after the other: Settings lists rules oldest first, always in this order.
  const stamp = (i: number) => new Date(at.getTime() + i * 60_000);
  const rows = await trx('planning_rules')
    .insert(DEMO_PLANNING_RULES.map((r, i) => ({ ...r, created_by: admin, created_at: stamp(i), updated_at: stamp(i) })))
    .returning('*');
  for (const [i, raw] of rows.entries()) {
    const row = presentRule(raw);
    await runAs({ userId: admin, keyId: null, requestId: randomUUID(), at: stamp(i) }, () =>
      recordHistory(trx, { resource: 'planning-rules', rowId: row.id, action: 'create', row: { ...row } }));
  }
}
