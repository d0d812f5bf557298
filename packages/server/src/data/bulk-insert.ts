import type { Knex } from 'knex';
import type { Services } from '../services';
import { recordChanges } from './changes';
import type { Resource } from './crud';

export interface BulkReport {
  imported: number;
  /** 0-based positions in the submitted rows, with why each was left out. */
  skipped: Array<{ index: number; reason: string }>;
}

export interface BulkOptions {
  dryRun: boolean;
  skipExisting: boolean;
  /** What makes two rows "the same" for skip_existing, e.g. title and live date. */
  identity: { sql: string; of: (row: Record<string, unknown>) => string; label: string };
}

class DryRun extends Error {}

/**
 * Inserts every row or none (one transaction). A dry run does all of it and rolls back, so
 * its report is exactly what a real run would do.
 */
export async function bulkInsert(
  s: Services,
  r: Resource<any, unknown>,
  rows: Array<Record<string, unknown>>,
  options: BulkOptions,
): Promise<BulkReport> {
  const report: BulkReport = { imported: 0, skipped: [] };
  try {
    await s.db.transaction(async (trx: Knex) => {
      let keep = rows.map((row, index) => ({ row, index }));
      if (options.skipExisting) {
        const existing = new Set<string>((await trx(r.table).select(trx.raw(`${options.identity.sql} as k`))).map((x: { k: string }) => x.k));
        const seen = new Map<string, number>();
        keep = keep.filter(({ row, index }) => {
          const key = options.identity.of(row);
          if (existing.has(key)) {
            report.skipped.push({ index, reason: `A row with the same ${options.identity.label} already exists` });
            return false;
          }
          const first = seen.get(key);
          if (first !== undefined) {
            report.skipped.push({ index, reason: `Same ${options.identity.label} as row ${first + 1} of this file` });
            return false;
          }
          seen.set(key, index);
          return true;
        });
      }
      const logged: Array<{ id: string; row: unknown }> = [];
      for (let i = 0; i < keep.length; i += 500) {
        const inserted = await trx(r.table).insert(keep.slice(i, i + 500).map((k) => k.row)).returning('id');
        const ids = inserted.map((x: { id: string }) => x.id);
        const full = await r.select(trx).whereIn(r.idColumn ?? `${r.table}.id`, ids);
        for (const raw of full) logged.push({ id: raw.id, row: r.present(raw) });
      }
      report.imported = keep.length;
      if (options.dryRun) throw new DryRun();
      await recordChanges(trx, r.topic, 'insert', logged);
    });
  } catch (err) {
    if (!(err instanceof DryRun)) throw err;
  }
  return report;
}
