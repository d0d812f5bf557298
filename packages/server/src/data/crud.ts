import { can, changedFields, WEBHOOK_ENTITIES, webhookEventsOf, type PolicyAction, type PolicyResource, type PolicyRows, type Principal } from '@cadence/core';
import type { Knex } from 'knex';
import { conflict, forbidden, notFound } from '../errors';
import type { Services } from '../services';
import { changedInTransaction, changesCommitted } from './changes';
import { withoutFeedBookkeeping } from './present';
import { historyOf } from './registry';
import type { AnyResource, Resource, StoredRow } from './resource';
import { insertWithHistory, recordHistory } from '../history/record';
import { currentActor } from '../history/actor';
import { queueRowEvents, webhooksListening } from '../webhooks/events';

// The generic operations on a resource (data/resource.ts): 404 for rows the caller may not read,
// 403 for rows it may read but not write, 412 with the current row for a stale If-Match. Every
// write is in the realtime feed by itself (docs/adr/0023: the row carries its transaction, a
// delete leaves a tombstone); these only wake the hub after the commit. Every write leaves one
// history entry (docs/adr/0028), under its entity's history resource, and queues the webhook
// events it raises in its transaction (docs/adr/0058).

export type { Resource } from './resource';

/** A stored row that `P`'s rule reads. */
type Guarded<P extends PolicyResource> = StoredRow & PolicyRows[P];

/** The resource's rule for one stored row (the raw row carries every field the rules read). */
const allows = <Raw extends Guarded<P>, P extends PolicyResource>(p: Principal, action: PolicyAction, r: Resource<Raw, unknown, P>, raw: Raw) =>
  can(p, action, r.policy, raw);

// The one-row read is the hottest query there is (every GET of a row, every write): its SQL is
// compiled once per resource rather than by the query builder on each call.
const byIdSql = new WeakMap<AnyResource, string | null>();
async function byId(r: AnyResource, db: Knex, id: string): Promise<any> {
  const query = () => r.select(db).where(r.idColumn ?? `${r.table}.id`, id).limit(1);
  let sql = byIdSql.get(r);
  if (sql === undefined) {
    const compiled = query().toSQL();
    // Only a select whose sole parameters are the id and the limit can be reused as is.
    sql = compiled.bindings.length === 2 ? compiled.sql : null;
    byIdSql.set(r, sql);
  }
  if (sql === null) return query().first();
  const result = await db.raw(sql, [id, 1]);
  return (result.rows ?? result)[0];
}

export async function getRow<Raw extends Guarded<P>, Row, P extends PolicyResource>(s: Services, r: Resource<Raw, Row, P>, p: Principal, id: string): Promise<Row> {
  const raw: Raw | undefined = await byId(r, s.db, id);
  if (!raw || !allows(p, 'read', r, raw)) throw notFound(r.label);
  return r.present(raw);
}

export async function listRows<Raw extends Guarded<P>, Row, P extends PolicyResource>(
  r: Resource<Raw, Row, P>,
  p: Principal,
  query: Knex.QueryBuilder,
): Promise<Row[]> {
  // Asked first, so a caller who may read none of these rows is answered without a query.
  if (!can(p, 'read', r.policy)) return [];
  const raws: Raw[] = await query;
  return raws.filter((raw) => allows(p, 'read', r, raw)).map((raw) => r.present(raw));
}

/** Inserts within a transaction and logs the change; the caller has asked `can(p, 'create', …)` first. */
export async function createRow<Raw extends Guarded<P>, Row, P extends PolicyResource>(
  s: Services,
  r: Resource<Raw, Row, P>,
  values: Record<string, unknown>,
  options: { trx?: Knex } = {},
): Promise<Row> {
  // The one-statement create has no room for its events: taken only when no endpoint listens.
  const raises = WEBHOOK_ENTITIES.includes(r.entity) ? webhookEventsOf(r.entity, null, values) : [];
  if (r.selectIsTable && !options.trx && !(await webhooksListening(s.db, raises))) {
    // One autocommitted statement, its history entry included (a data-modifying CTE,
    // docs/adr/0028): a create costs about what a plain INSERT … RETURNING costs
    // (docs/performance.md, realtime write throughput).
    const raw = (await insertWithHistory(s.db, r.table, values, historyOf(r.entity))) as Raw;
    changesCommitted(s.db);
    return r.present(raw);
  }
  const run = async (trx: Knex) => {
    const [inserted] = await trx(r.table).insert(values).returning('id');
    await recordHistory(trx, { resource: historyOf(r.entity), rowId: String(inserted.id), action: 'create' });
    changedInTransaction(trx);
    const row = r.present(await byId(r, trx, inserted.id));
    await queueRowEvents(trx, r.entity, currentActor().userId, null, row as Record<string, unknown>);
    return row;
  };
  return options.trx ? run(options.trx) : s.db.transaction(run);
}

export interface UpdateOptions {
  ifMatch: number | null;
  /**
   * The fields the update writes, when they are known before the lock: the locked row is judged
   * with them (`changes`), for rules that let some callers write some fields only (a task's
   * assignee, its status, docs/adr/0049). Left out, the update is judged as one that may write any.
   */
  changes?: readonly string[] | undefined;
  /** How the entry names this update (a promote is one). */
  action?: 'update' | 'promote';
  /** The entry this update reverts. */
  reverts?: string | null;
}

/**
 * The fields to write, or a function of the locked row that returns them: it may refuse with a
 * 4xx, and may ask the database in the update's transaction (`trx`) before anything is written.
 */
export type Patch<Raw> = Record<string, unknown> | ((before: Raw, trx: Knex) => Record<string, unknown> | Promise<Record<string, unknown>>);

async function lockForWrite<Raw extends Guarded<P>, P extends PolicyResource>(
  trx: Knex,
  r: Resource<Raw, unknown, P>,
  p: Principal,
  id: string,
  ifMatch: number | null,
  action: PolicyAction,
  changes?: readonly string[],
): Promise<Raw> {
  await r.lockBefore?.(trx, id);
  const locked = await trx(r.table).where({ id }).forUpdate().first('id');
  const before: Raw | undefined = locked ? await byId(r, trx, id) : undefined;
  if (!before || !allows(p, 'read', r, before)) throw notFound(r.label);
  if (!allows(p, action, r, changes ? { ...before, changes } : before)) throw forbidden(`You may not change this ${r.label.toLowerCase()}`);
  if (ifMatch !== null && ifMatch !== before.version) throw conflict(r.present(before));
  return before;
}

/** Columns a write derives from others (docs/adr/0056), never recorded as changed fields. */
const DERIVED_COLUMNS: ReadonlySet<string> = new Set(['approval_summary']);

/** Applies only the given fields, bumps `version` and returns the row. */
export async function updateRow<Raw extends Guarded<P>, Row, P extends PolicyResource>(
  s: Services,
  r: Resource<Raw, Row, P>,
  p: Principal,
  id: string,
  patchOrFn: Patch<Raw>,
  options: UpdateOptions,
): Promise<Row> {
  return s.db.transaction(async (trx) => {
    const before = await lockForWrite(trx, r, p, id, options.ifMatch, 'update', options.changes);
    const patch = typeof patchOrFn === 'function' ? await patchOrFn(before, trx) : patchOrFn;
    if (Object.keys(patch).length === 0) return r.present(before);
    await trx(r.table)
      .where({ id })
      .update({ ...patch, version: trx.raw('version + 1'), updated_at: trx.fn.now() });
    changedInTransaction(trx);
    const after = r.present(await byId(r, trx, id));
    // A summary the server derives (approval_summary) is no field of the change's entry: a revert must not write it back.
    const fields = Object.keys(patch).filter((k) => !DERIVED_COLUMNS.has(k));
    await recordUpdate(trx, r, id, r.present(before) as Record<string, unknown>, after as Record<string, unknown>, fields, options.action ?? 'update', options.reverts);
    return after;
  });
}

/**
 * The update's entry: the patched fields whose presented value changed, before and after (both
 * rows are read anyway: the locked one for If-Match, the new one for the answer). A patch that
 * changed nothing a user sees still bumped the version, so it is still an entry.
 */
export async function recordUpdate(
  trx: Knex,
  r: AnyResource,
  id: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: Iterable<string>,
  action: 'update' | 'promote' = 'update',
  reverts: string | null = null,
): Promise<void> {
  await recordHistory(trx, { resource: historyOf(r.entity), rowId: id, action, changes: changedFields(before, after, fields), reverts });
  await queueRowEvents(trx, r.entity, currentActor().userId, before, after, fields);
}

/** Deletes after the same checks as an update; `beforeDelete` can remove dependent rows first. */
export async function deleteRow<Raw extends Guarded<P>, P extends PolicyResource>(
  s: Services,
  r: Resource<Raw, unknown, P>,
  p: Principal,
  id: string,
  options: { ifMatch: number | null; beforeDelete?: (trx: Knex, row: Raw) => Promise<void>; reverts?: string | null },
): Promise<void> {
  await s.db.transaction(async (trx) => {
    const before = await lockForWrite(trx, r, p, id, options.ifMatch, 'delete');
    await options.beforeDelete?.(trx, before);
    // The table's own row, as RETURNING gives it: what a revert puts back, and what decides
    // who may read this row's history once it is gone.
    const [gone] = await trx(r.table).where({ id }).delete().returning('*');
    const row = withoutFeedBookkeeping(gone as Record<string, unknown>);
    await recordHistory(trx, { resource: historyOf(r.entity), rowId: id, action: 'delete', row, reverts: options.reverts ?? null });
    await queueRowEvents(trx, r.entity, currentActor().userId, r.present(before) as Record<string, unknown>, null);
    changedInTransaction(trx);
  });
}

/** Runs a custom write under the same lock, read, version and `action` checks. */
export async function withLockedRow<Raw extends Guarded<P>, T, P extends PolicyResource>(
  s: Services,
  r: Resource<Raw, unknown, P>,
  p: Principal,
  id: string,
  ifMatch: number | null,
  fn: (trx: Knex, before: Raw) => Promise<T>,
  action: PolicyAction = 'update',
): Promise<T> {
  return s.db.transaction(async (trx) => {
    changedInTransaction(trx);
    return fn(trx, await lockForWrite(trx, r, p, id, ifMatch, action));
  });
}

/** Applies the optional `limit`/`offset` of a list query. */
export function page(q: Knex.QueryBuilder, query: { limit?: number | undefined; offset?: number | undefined }): Knex.QueryBuilder {
  if (query.limit) q.limit(query.limit);
  if (query.offset) q.offset(query.offset);
  return q;
}
