import {
  can,
  canSeeEntryValues,
  HISTORY_POLICY,
  HISTORY_RESOURCES,
  decodeHistoryCursor,
  encodeHistoryCursor,
  type HistoryEntry,
  type HistoryResource,
  type PolicyRows,
  type Principal,
} from '@cadence/core';
import type { Knex } from 'knex';
import { fieldError } from '../errors';
import { HISTORY_DATA } from '../data/registry';
import { asJudged } from '../data/resource';

export interface HistoryFilter {
  resource?: HistoryResource | undefined;
  id?: string | undefined;
  /** A user id or an e-mail address. */
  actor?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface StoredEntry {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_email: string | null;
  key_id: string | null;
  key_name: string | null;
  request_id: string | null;
  resource: HistoryResource;
  row_id: string | null;
  action: string;
  changes: HistoryEntry['changes'];
  row: Record<string, unknown> | null;
  reverts: string | null;
  /** A campaign's scope, channels and creator when the entry was written (migration 20261129000000). */
  access?: Record<string, unknown> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/** Entries with who made them, newest first. */
export function entriesQuery(db: Knex): Knex.QueryBuilder {
  return db('history_entries as h')
    .leftJoin('users as u', 'u.id', 'h.actor_id')
    .leftJoin('access_keys as k', 'k.id', 'h.key_id')
    .select(
      db.raw('h.id::text AS id'),
      'h.at', 'h.actor_id', 'u.email as actor_email', 'h.key_id', 'k.name as key_name', 'h.request_id',
      'h.resource', 'h.row_id', 'h.action', 'h.changes', 'h.row', db.raw('h.reverts::text AS reverts'), 'h.access',
    )
    .orderBy('h.id', 'desc');
}

/** An entry as `p` may see it: without its values when written in a channel they cannot read. */
export function presentEntry(e: StoredEntry, p: Principal): HistoryEntry {
  const entry = presentStored(e);
  if ((!entry.changes && !entry.row) || canSeeEntryValues(p, parse(e.access))) return entry;
  const names = Object.keys(entry.changes ?? {});
  return { ...entry, changes: names.length ? Object.fromEntries(names.map((f) => [f, { before: null, after: null }])) : null, row: null, withheld: true };
}

function presentStored(e: StoredEntry): HistoryEntry {
  return {
    id: e.id,
    at: new Date(e.at).toISOString(),
    actor: e.actor_id ? { id: e.actor_id, email: e.actor_email } : null,
    key: e.key_id ? { id: e.key_id, name: e.key_name } : null,
    request_id: e.request_id,
    resource: e.resource,
    row_id: e.row_id,
    action: e.action,
    changes: parse(e.changes) ?? null,
    row: parse(e.row) ?? null,
    reverts: e.reverts,
  };
}

/**
 * For each (resource, row) of `entries`: the row as it is now, or the row its latest delete kept,
 * which is what core's rule needs to judge an entry (docs/adr/0028). Two reads per resource on
 * the page at most, whatever the page's length.
 */
export interface RowStates {
  current(resource: HistoryResource, id: string): object | undefined;
  lastRow(resource: HistoryResource, id: string): object | undefined;
}

export async function rowStates(db: Knex, entries: ReadonlyArray<{ resource: HistoryResource; row_id: string | null }>): Promise<RowStates> {
  const ids = new Map<HistoryResource, Set<string>>();
  for (const e of entries) if (e.row_id && HISTORY_DATA.has(e.resource)) ids.set(e.resource, (ids.get(e.resource) ?? new Set()).add(e.row_id));
  const current = new Map<string, object>();
  const deleted = new Map<string, object>();
  for (const [resource, set] of ids) {
    const r = HISTORY_DATA.get(resource)!;
    const list = [...set].filter((id) => UUID.test(id));
    if (!list.length) continue;
    for (const raw of await r.select(db).whereIn(r.idColumn ?? `${r.table}.id`, list)) current.set(`${resource}|${raw.id}`, raw);
    const gone = list.filter((id) => !current.has(`${resource}|${id}`));
    if (!gone.length) continue;
    const rows = await db('history_entries').where({ resource, action: 'delete' }).whereIn('row_id', gone).orderBy('id', 'asc').select('row_id', 'row');
    const kept = new Map<string, Record<string, unknown>>();
    for (const g of rows) kept.set(String(g.row_id), parse(g.row));
    // As the rule reads them: a kept task's row gets its campaign (data/resource.ts withRuleFields).
    const ids = [...kept.keys()].filter((id) => kept.get(id));
    const judged = await asJudged(r, db, ids.map((id) => kept.get(id)!));
    ids.forEach((id, i) => deleted.set(`${resource}|${id}`, judged[i]!));
  }
  return {
    current: (resource: HistoryResource, id: string) => current.get(`${resource}|${id}`),
    lastRow: (resource: HistoryResource, id: string) => deleted.get(`${resource}|${id}`),
  };
}

/** An entry with what `can(p, 'read', 'history', …)` judges it by: its row as it is now, or as its latest delete kept it. */
export function withRowStates(e: StoredEntry, states: RowStates): PolicyRows['history'] {
  if (!e.row_id) return e;
  return { ...e, current: states.current(e.resource, e.row_id), lastRow: states.lastRow(e.resource, e.row_id) };
}

async function actorId(db: Knex, actor: string): Promise<string | null> {
  if (UUID.test(actor)) return actor;
  if (!actor.includes('@')) throw fieldError('actor', 'Must be a user id or an e-mail address');
  const user = await db('users').whereRaw('lower(email) = lower(?)', [actor]).first('id');
  return user?.id ?? null;
}

/** Most entries one page may look at before answering with what it found (and a cursor). */
const SCAN_LIMIT = 2_000;

/**
 * One page, newest first, of the entries `p` may read. Entries are read in batches and judged
 * one by one; a page ends when it is full or after SCAN_LIMIT entries, so a reader who may see
 * few of many entries still gets an answer promptly, with a cursor to go on.
 */
export async function historyPage(db: Knex, p: Principal, f: HistoryFilter): Promise<{ entries: HistoryEntry[]; next_cursor: string | null }> {
  let after: string | null = null;
  if (f.cursor !== undefined) {
    after = decodeHistoryCursor(f.cursor);
    if (after === null) throw fieldError('cursor', 'Not a cursor this list handed out');
  }
  if (!can(p, 'read', 'history')) return { entries: [], next_cursor: null };
  // Kinds of rows the caller may read none of are left to the query, not judged entry by entry.
  const kinds = HISTORY_RESOURCES.filter((r) => {
    const policy = HISTORY_POLICY[r];
    return policy === null ? can(p, 'administer', 'user') : can(p, 'read', policy);
  });
  if (!kinds.length || (f.resource && !kinds.includes(f.resource))) return { entries: [], next_cursor: null };
  const actor = f.actor === undefined ? undefined : await actorId(db, f.actor);
  if (actor === null) return { entries: [], next_cursor: null };
  const out: HistoryEntry[] = [];
  let scanned = 0;
  for (;;) {
    const batch = Math.min(Math.max(f.limit + 1, 50), 500);
    const q = entriesQuery(db).limit(batch);
    if (f.resource) q.where('h.resource', f.resource);
    else if (kinds.length < HISTORY_RESOURCES.length) q.whereIn('h.resource', kinds);
    if (f.id) q.where('h.row_id', f.id);
    if (actor) q.where('h.actor_id', actor);
    if (f.since) q.where('h.at', '>=', f.since);
    if (f.until) q.where('h.at', '<', f.until);
    if (after) q.where('h.id', '<', after);
    const rows: StoredEntry[] = await q;
    const states = await rowStates(db, rows);
    for (const e of rows) {
      after = e.id;
      scanned++;
      if (can(p, 'read', 'history', withRowStates(e, states))) out.push(presentEntry(e, p));
      if (out.length === f.limit) return { entries: out, next_cursor: encodeHistoryCursor(e.id) };
    }
    if (rows.length < batch) return { entries: out, next_cursor: null };
    if (scanned >= SCAN_LIMIT) return { entries: out, next_cursor: encodeHistoryCursor(after!) };
  }
}

/**
 * The entry of the file a row came in with, if it was imported: an import is one entry for the
 * file, not one per row (docs/adr/0028), and the file's rows were created in the entry's own
 * transaction, so the row's created_at is the entry's time (compared in SQL, to the microsecond).
 */
export async function importEntryOf(db: Knex, p: Principal, resource: HistoryResource, id: string): Promise<HistoryEntry | null> {
  const r = HISTORY_DATA.get(resource);
  if (!r || !can(p, 'read', 'history')) return null;
  const e: StoredEntry | undefined = await entriesQuery(db)
    .where({ 'h.resource': resource, 'h.action': 'import' })
    .whereNull('h.row_id')
    .where('h.at', db(r.table).select('created_at').where({ id }))
    .first();
  // The file's entry stands for many rows (no row id): judged by the kind of row alone.
  return e && can(p, 'read', 'history', e) ? presentEntry(e, p) : null;
}
