import type { Knex } from 'knex';
import { changedInTransaction } from './changes';
import type { AnyResource } from './resource';

/**
 * Inserts rows in the caller's transaction, 500 to a statement: the insert half of an import
 * (data/imports/pipeline.ts). Each row is in the realtime feed by itself (docs/adr/0023).
 */
export async function insertAndLog(trx: Knex.Transaction, r: AnyResource, rows: Array<Record<string, unknown>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await trx(r.table).insert(rows.slice(i, i + 500));
  changedInTransaction(trx);
}
