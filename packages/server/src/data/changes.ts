import type { Knex } from 'knex';

export type ChangeOp = 'insert' | 'update' | 'delete';

export const TOPICS = [
  'campaigns',
  'ads',
  'events',
  'ideas',
  'comments',
  'publications',
  'ad_types',
  'prospective_publications',
  'articles',
  'permissions',
] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * Appends to the change log in the caller's transaction, so a change is logged exactly when
 * its data commits (DESIGN §7). Inserts and updates carry the row as clients see it.
 */
export async function recordChange(trx: Knex, topic: Topic, op: ChangeOp, id: string, row?: unknown): Promise<void> {
  await trx('changes').insert({ topic, op, row_id: id, row: row === undefined ? null : JSON.stringify(row) });
}

export async function recordChanges(trx: Knex, topic: Topic, op: ChangeOp, items: Array<{ id: string; row?: unknown }>) {
  if (!items.length) return;
  await trx('changes').insert(
    items.map((i) => ({ topic, op, row_id: i.id, row: i.row === undefined ? null : JSON.stringify(i.row) })),
  );
}
