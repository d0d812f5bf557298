import { REALTIME_TOPICS, type RealtimeTopic } from '@cadence/core';
import type { Knex } from 'knex';

/**
 * `resync`: many rows of a topic changed at once (a large import); its subscribers are told to
 * refetch instead of receiving every row (ADR 14).
 */
export type ChangeOp = 'insert' | 'update' | 'delete' | 'resync';

// The topics are core's realtime contract, shared with the clients that subscribe to them.
export const TOPICS = REALTIME_TOPICS;
export type Topic = RealtimeTopic;

// Held by the sequencer (one at a time, in any process) until its transaction commits, so `seq`
// values become visible in increasing order: a reader that has seen seq N never later finds a
// smaller one. Writers never take it.
const SEQUENCER_LOCK = 727_003;

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

/** For a single autocommitted statement that appended to the log: it has committed already. */
export function changesCommitted(db: Knex): void {
  wakers.get(db.client.config as object)?.forEach((wake) => wake());
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
 * its data commits (docs/architecture.md#change-log). Inserts and updates carry the row as clients see it; deletes
 * keep the row as it was, for the read check, and clients receive only its id.
 *
 * The row lands in `changes_pending`, with no lock, so concurrent writers commit together;
 * `sequenceChanges` then numbers committed rows into `changes` in the order they committed.
 */
export async function recordChange(trx: Knex, topic: Topic, op: ChangeOp, id: string, row?: unknown): Promise<void> {
  await recordChanges(trx, topic, op, [{ id, row }]);
}

export async function recordChanges(trx: Knex, topic: Topic, op: ChangeOp, items: Array<{ id: string; row?: unknown }>) {
  if (!items.length) return;
  for (let i = 0; i < items.length; i += 1000) {
    await trx('changes_pending').insert(
      items.slice(i, i + 1000).map((c) => ({ topic, op, row_id: c.id, row: c.row === undefined ? null : JSON.stringify(c.row) })),
    );
  }
  afterCommit(trx);
}

/**
 * Moves every committed pending change into `changes`, numbered in the order the sequencer
 * sees them commit. A pending row is visible only once its transaction has committed, and a
 * write that waited on another's row lock appended after that one committed, so per row the
 * order is the commit order. Sequencers (one per process) queue on one lock; each statement
 * takes its snapshot after the lock, so nothing is moved twice. Returns how many moved.
 */
export async function sequenceChanges(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [SEQUENCER_LOCK]);
    const result = await trx.raw(`WITH moved AS (DELETE FROM changes_pending RETURNING id, topic, op, row_id, row, created_at)
      INSERT INTO changes (topic, op, row_id, row, created_at)
      SELECT topic, op, row_id, row, created_at FROM moved ORDER BY id`);
    return Number(result.rowCount ?? result.affectedRows ?? 0);
  });
}
