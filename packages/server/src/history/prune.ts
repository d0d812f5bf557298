import type { Knex } from 'knex';

/** Entries removed per statement: a prune of years of history never holds one long lock. */
const BATCH = 10_000;

/**
 * Deletes history entries older than `days` days (docs/adr/0028, retention). The API never
 * deletes an entry; this runs only from `cadence-server prune-history`. Returns how many went.
 *
 * A saved baseline (docs/adr/0063) is rebuilt from the campaign entries written after its moment,
 * so those stay, whatever their age, for as long as the earliest baseline exists: deleting it lets
 * the next prune take them.
 */
export async function pruneHistory(db: Knex, days: number): Promise<number> {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a whole number of at least 1');
  const cutoff = new Date(Date.now() - days * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const result = await db.raw(
      `DELETE FROM history_entries WHERE id IN (
         SELECT id FROM history_entries
          WHERE at < ?
            AND NOT (resource = 'campaigns' AND at > coalesce((SELECT min(at) FROM baselines), 'infinity'::timestamptz))
          ORDER BY id LIMIT ?)`,
      [cutoff, BATCH],
    );
    const n = Number(result.rowCount ?? result.affectedRows ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}
