import { REALTIME_TOPICS, type RealtimeTopic } from '@cadence/core';
import type { Knex } from 'knex';

/**
 * `resync`: many rows of a topic changed at once (a large import); its subscribers are told to
 * refetch instead of receiving every row (ADR 16).
 */
export type ChangeOp = 'insert' | 'update' | 'delete' | 'resync';

// The topics are core's realtime contract, shared with the clients that subscribe to them.
export const TOPICS = REALTIME_TOPICS;
export type Topic = RealtimeTopic;

type Waker = () => void;
const wakers = new WeakMap<object, Set<Waker>>();

/** Called after each commit that wrote to the feed (the realtime hub of this process). */
export function onChangesCommitted(db: Knex, wake: Waker): () => void {
  // Transactions get a client of their own, but share the root client's config object.
  const key = db.client.config as object;
  const set = wakers.get(key) ?? new Set<Waker>();
  set.add(wake);
  wakers.set(key, set);
  return () => set.delete(wake);
}

/** For a single autocommitted statement that wrote to the feed: it has committed already. */
export function changesCommitted(db: Knex): void {
  wakers.get(db.client.config as object)?.forEach((wake) => wake());
}

/**
 * Wakes this process's hub once `trx` commits. The change itself needs no statement: every
 * data row carries the transaction that last wrote it and deletes leave tombstones
 * (docs/adr/0023), so this only saves the hub its safety-net poll.
 */
export function changedInTransaction(trx: Knex): void {
  const set = wakers.get(trx.client.config as object);
  const done = (trx as Knex.Transaction).executionPromise;
  if (set?.size && done) {
    done.then(
      () => set.forEach((wake) => wake()),
      () => {},
    );
  } else if (set?.size && !done) {
    // Not a transaction: the statement has committed.
    set.forEach((wake) => wake());
  }
}

/**
 * A change that no data row carries, in the caller's transaction: an import's `resync`, and
 * permission and role changes (rare admin writes whose rows are not a feed table's). It lands
 * in `change_marks` with the transaction's id, beside the tombstones deletes leave there.
 */
export async function recordMark(trx: Knex, topic: Topic, op: ChangeOp, id: string, row?: unknown): Promise<void> {
  await trx('change_marks').insert({ topic, op, row_id: id, row: row === undefined ? null : JSON.stringify(row) });
  changedInTransaction(trx);
}
