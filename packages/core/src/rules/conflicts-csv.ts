import type { Conflict } from '../schemas/planning-rules';
import { toCsv } from './csv-write';

/**
 * The conflicts list as CSV (docs/adr/0062): a row a conflict, the same from the API
 * (`GET /api/conflicts?format=csv`) and `cadence conflicts list --csv`; formulas guarded, as every
 * export of ours is.
 */
export function conflictsCsv(conflicts: readonly Conflict[]): string {
  return toCsv(
    [
      ['date', 'severity', 'rule', 'message', 'campaigns', 'campaign_ids'],
      ...conflicts.map((c) => [c.date, c.severity, c.rule, c.message, c.campaign_titles.filter(Boolean).join('; '), c.campaign_ids.join(' ')]),
    ],
    { guardFormulas: true },
  );
}
