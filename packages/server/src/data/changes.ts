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

// One lock for every writer of the log: held from the append to the commit, it makes commit
// order equal `seq` order, so a reader that has seen seq N can never later find a smaller one.
const CHANGE_LOG_LOCK = 727_003;

type Waker = () => void;
const wakers = new WeakMap<object, Set<Waker>>();

/** Called after each commit that appended to the log (the realtime hub of this process). */
export function onChangesCommitted(db: Knex, wake: Waker): () => void {
  // Transactions get a client of their own, but share the root client's config object.
  const key = db.client.config as object;
  const set = wakers.get(key) ?? new Set<Waker>();
  set.add(wake);
  wakers.set(key, set);
  return () => set.delete(wake);
}

function afterCommit(trx: Knex) {
  const set = wakers.get(trx.client.config as object);
  const done = (trx as Knex.Transaction).executionPromise;
  if (set?.size && done) {
    done.then(
      () => set.forEach((wake) => wake()),
      () => {},
    );
  }
}

/**
 * Appends to the change log in the caller's transaction, so a change is logged exactly when
 * its data commits (DESIGN §7). Inserts and updates carry the row as clients see it; deletes
 * keep the row as it was, for the read check, and clients receive only its id.
 */
export async function recordChange(trx: Knex, topic: Topic, op: ChangeOp, id: string, row?: unknown): Promise<void> {
  await recordChanges(trx, topic, op, [{ id, row }]);
}

export async function recordChanges(trx: Knex, topic: Topic, op: ChangeOp, items: Array<{ id: string; row?: unknown }>) {
  if (!items.length) return;
  await trx.raw('SELECT pg_advisory_xact_lock(?)', [CHANGE_LOG_LOCK]);
  for (let i = 0; i < items.length; i += 1000) {
    await trx('changes').insert(
      items.slice(i, i + 1000).map((c) => ({ topic, op, row_id: c.id, row: c.row === undefined ? null : JSON.stringify(c.row) })),
    );
  }
  afterCommit(trx);
}
