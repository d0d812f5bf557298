import type { Knex } from 'knex';
import { recordChanges } from './changes';
import type { Resource } from './crud';

/**
 * Inserts rows in the caller's transaction, 500 to a statement, and logs each as the API
 * presents it (docs/architecture.md#realtime): the insert half of an import (data/imports/pipeline.ts) for tables
 * whose rows are presented from joins.
 */
export async function insertAndLog(trx: Knex.Transaction, r: Resource<any, unknown>, rows: Array<Record<string, unknown>>): Promise<void> {
  const logged: Array<{ id: string; row: unknown }> = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await trx(r.table).insert(rows.slice(i, i + 500)).returning('id');
    const ids = inserted.map((x: { id: string }) => x.id);
    const full = await r.select(trx).whereIn(r.idColumn ?? `${r.table}.id`, ids);
    for (const raw of full) logged.push({ id: raw.id, row: r.present(raw) });
  }
  await recordChanges(trx, r.topic, 'insert', logged);
}
