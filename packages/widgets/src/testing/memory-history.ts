import {
  CadenceApiError,
  changedFields,
  decodeHistoryCursor,
  encodeHistoryCursor,
  planRevert,
  type CadenceClient,
  type HistoryEntry,
  type HistoryResource,
} from '@cadence/core';
import { notFound, validation } from './memory-errors';

type Row = Record<string, unknown> & { id: string; version: number };

/** How the log reaches the rows a revert writes: one store per resource. */
export interface MemoryRevertTarget {
  get(id: string): Row | undefined;
  /** Applies `patch` as the signed-in user (a normal write: version bump, its own entry). */
  update(id: string, patch: Record<string, unknown>, version: number | undefined, reverts: string): Row;
  recreate(row: Row, reverts: string): Row;
  remove(id: string, version: number | undefined, reverts: string): void;
}

export interface MemoryActor {
  id: string;
  email: string | null;
}

/**
 * The activity log kept in memory, like the server's (docs/adr/0028): one entry per write,
 * newest first, cursor pages, and revert through core's `planRevert`, so the History tab can be
 * exercised without a server.
 */
export function memoryHistory(now: () => string, me: MemoryActor) {
  const entries: HistoryEntry[] = [];
  const targets = new Map<HistoryResource, MemoryRevertTarget>();
  let seq = 0;

  const record = (
    resource: HistoryResource,
    rowId: string,
    action: string,
    facts: { before?: Record<string, unknown>; after?: Record<string, unknown>; fields?: Iterable<string>; row?: Record<string, unknown>; reverts?: string; actor?: MemoryActor },
  ): HistoryEntry => {
    // An update that changed nothing a user sees still bumped the version: an entry with no changes, as on the server.
    const changes = facts.before && facts.after ? changedFields(facts.before, facts.after, facts.fields ?? Object.keys(facts.after)) : null;
    seq += 1;
    const actor = facts.actor ?? me;
    const entry: HistoryEntry = {
      id: String(seq), at: now(), actor: { id: actor.id, email: actor.email }, key: null, request_id: null,
      resource, row_id: rowId, action, changes, row: facts.row ? structuredClone(facts.row) : null, reverts: facts.reverts ?? null,
    };
    entries.unshift(entry);
    return entry;
  };

  // Like the server's: a full page hands out a cursor, even when nothing older is left.
  const page = (match: (e: HistoryEntry) => boolean, query: { limit?: number; cursor?: string }) => {
    const limit = query.limit ?? 50;
    const decoded = query.cursor === undefined ? null : decodeHistoryCursor(query.cursor);
    if (query.cursor !== undefined && decoded === null) throw validation([{ path: ['cursor'], message: 'Not a cursor this list handed out' }]);
    const after = decoded === null ? Infinity : Number(decoded);
    const shown = entries.filter((e) => Number(e.id) < after && match(e)).slice(0, limit);
    return { entries: structuredClone(shown), next_cursor: shown.length === limit ? encodeHistoryCursor(shown[shown.length - 1]!.id) : null };
  };

  const revert = (entryId: string, version: number | undefined, dryRun: boolean) => {
    const entry = entries.find((e) => e.id === entryId);
    const target = entry && targets.get(entry.resource);
    if (!entry || !target || !entry.row_id) throw notFound();
    const current = target.get(entry.row_id);
    const later = entries.filter((e) => Number(e.id) > Number(entry.id) && e.resource === entry.resource && e.row_id === entry.row_id);
    const plan = planRevert(entry, current, later);
    if (plan.kind === 'conflict') {
      throw new CadenceApiError(409, 'revert_conflict', plan.message, plan.fields.map((path) => ({ path, message: 'Changed after this entry' })));
    }
    if (plan.kind === 'refused') throw validation([{ path: ['entryId'], message: plan.message }]);
    const shape = plan.kind === 'update' ? { kind: plan.kind, patch: plan.patch } : { kind: plan.kind };
    if (dryRun) return { plan: shape, row: null, entry_id: null, dry_run: true };
    const row = plan.kind === 'update' ? target.update(entry.row_id, plan.patch, version, entry.id)
      : plan.kind === 'recreate' ? target.recreate(plan.row as Row, entry.id)
      : (target.remove(entry.row_id, version, entry.id), null);
    return { plan: shape, row, entry_id: entries[0]!.id, dry_run: false };
  };

  const api = {
    list: (query: Parameters<CadenceClient['history']['list']>[0] = {}) =>
      page((e) =>
        (!query.resource || e.resource === query.resource) && (!query.id || e.row_id === query.id)
        && (!query.actor || e.actor?.id === query.actor || e.actor?.email === query.actor)
        && (!query.since || e.at >= new Date(query.since).toISOString())
        && (!query.until || e.at < new Date(query.until).toISOString()), { limit: query.limit as number | undefined, ...(query.cursor ? { cursor: query.cursor } : {}) }),
    forRow: (resource: HistoryResource, id: string, query: { limit?: number; cursor?: string } = {}) =>
      page((e) => e.resource === resource && e.row_id === id, query),
    revert,
  };
  return {
    record,
    api,
    register: (resource: HistoryResource, target: MemoryRevertTarget) => void targets.set(resource, target),
    entries: () => structuredClone(entries),
  };
}

export type MemoryLog = ReturnType<typeof memoryHistory>;
