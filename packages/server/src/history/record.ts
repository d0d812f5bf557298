import type { HistoryAction, HistoryChanges, HistoryResource } from '@cadence/core';
import type { Knex } from 'knex';
import { currentActor } from './actor';

export interface EntryInput {
  resource: HistoryResource;
  rowId: string | null;
  action: HistoryAction;
  changes?: HistoryChanges | null;
  row?: Record<string, unknown> | null;
  reverts?: string | null;
}

/** The columns of one entry, with the current request's caller. */
export function entryColumns(e: EntryInput): Record<string, unknown> {
  const actor = currentActor();
  return {
    actor_id: actor.userId,
    key_id: actor.keyId,
    request_id: actor.requestId,
    resource: e.resource,
    row_id: e.rowId,
    action: e.action,
    changes: e.changes ? JSON.stringify(e.changes) : null,
    row: e.row ? JSON.stringify(e.row) : null,
    reverts: e.reverts ?? null,
    // Only work replayed on its own clock names the moment (docs/adr/0064); a request's entry is dated now().
    ...(actor.at ? { at: actor.at } : {}),
  };
}

/** Writes one entry in the caller's transaction, so it commits (or not) with the change. Returns its id. */
export async function recordHistory(trx: Knex, e: EntryInput): Promise<string> {
  const [inserted] = await trx('history_entries').insert(entryColumns(e)).returning('id');
  return String(inserted.id ?? inserted);
}

/**
 * `INSERT … RETURNING *` and its create entry as one statement (a data-modifying CTE): the
 * create fast path stays a single autocommitted round trip, and the entry cannot exist
 * without the row, nor the row without it.
 */
export async function insertWithHistory(db: Knex, table: string, values: Record<string, unknown>, resource: HistoryResource, reverts: string | null = null): Promise<Record<string, unknown>> {
  const insert = db(table).insert(values).returning('*').toSQL();
  const actor = currentActor();
  const result = await db.raw(
    `WITH ins AS (${insert.sql}), h AS (INSERT INTO history_entries (actor_id, key_id, request_id, resource, row_id, action, reverts, at) ` +
      `SELECT ?, ?, ?, ?, ins.id::text, 'create', ?, coalesce(?::timestamptz, now()) FROM ins) SELECT * FROM ins`,
    [...insert.bindings, actor.userId, actor.keyId, actor.requestId, resource, reverts, actor.at ?? null],
  );
  return (result.rows ?? result)[0];
}
