import { can, encodeListCursor, type ListCursor, type PolicyResource, type PolicyRows, type Principal } from '@cadence/core';
import type { Knex } from 'knex';
import type { Resource, StoredRow } from './resource';

// created_at with the database's microseconds: a millisecond Date would put rows created within
// one millisecond on the wrong side of a cursor (docs/adr/0020).
const CURSOR_COLUMN = 'cursor_created_at';
const cursorColumn = (table: string) =>
  `to_char(${table}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ${CURSOR_COLUMN}`;

type WithCursor<Raw> = Raw & { [CURSOR_COLUMN]: string };

/** The select's own row, without the column the page added to it. */
function withoutCursor<Raw>(read: WithCursor<Raw>): Raw {
  const { [CURSOR_COLUMN]: _cursor, ...raw } = read;
  return raw as Raw;
}

/** Rows after `cursor` in the order created_at desc, id desc (the (created_at, id) index serves it). */
export function afterCursor(q: Knex.QueryBuilder, table: string, cursor: ListCursor): Knex.QueryBuilder {
  return q.whereRaw(`(${table}.created_at, ${table}.id) < (?::timestamptz, ?::uuid)`, [cursor.createdAt, cursor.id]);
}

/**
 * One page of a list ordered created_at desc, id desc, with `limit` already applied to `query`: the
 * readable rows, and the cursor after the last row read when the page is full (a later page may exist).
 */
export async function listPage<Raw extends StoredRow & PolicyRows[P], Row, P extends PolicyResource>(
  db: Knex,
  r: Resource<Raw, Row, P>,
  p: Principal,
  query: Knex.QueryBuilder,
  limit: number,
): Promise<{ rows: Row[]; next: string | null }> {
  if (!can(p, 'read', r.policy)) return { rows: [], next: null };
  const raws = (await query.select(db.raw(cursorColumn(r.table)))) as Array<WithCursor<Raw>>;
  const last = raws.at(-1);
  const next = last && raws.length >= limit ? encodeListCursor({ createdAt: last[CURSOR_COLUMN], id: last.id }) : null;
  const rows = raws
    .map(withoutCursor)
    .filter((raw) => can(p, 'read', r.policy, raw))
    .map((raw) => r.present(raw));
  return { rows, next };
}
