import type { Crud, HistoryResource } from '@cadence/core';
import { conflict, forbidden, notFound, validation } from './memory-errors';
import type { MemoryLog } from './memory-history';

export { conflict, forbidden, notFound, validation } from './memory-errors';

export interface MemoryRow {
  id: string;
  version?: number;
  created_at?: string;
  updated_at?: string;
}

let counter = 0;
/** Deterministic v4-shaped ids, so fixtures and snapshots stay stable. */
export function memoryId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}


/** Throws 412 with the current row when `version` is given and stale (docs/architecture.md#versions). */
export function checkVersion(row: MemoryRow, version: number | undefined): void {
  if (version !== undefined && row.version !== version) throw conflict(structuredClone(row));
}

/**
 * A generic in-memory resource for the parts of the API the planning widgets do not use
 * (ideas, publications, ads…): versions bump, stale versions get 412, nothing is validated.
 */
export function memoryCrud<Row extends MemoryRow, Create, Update, Query>(
  rows: Row[],
  run: <T>(op: string, fn: () => T) => Promise<T>,
  name: string,
  now: () => string,
): Crud<Row, Create, Update, Query> {
  const find = (id: string) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound();
    return row;
  };
  return {
    list: () => run(`${name}.list`, () => structuredClone(rows)),
    get: (id) => run(`${name}.get`, () => structuredClone(find(id))),
    create: (body) =>
      run(`${name}.create`, () => {
        const row = { ...(body as object), id: memoryId(), version: 1, created_at: now(), updated_at: now() } as unknown as Row;
        rows.unshift(row);
        return structuredClone(row);
      }),
    update: (id, patch, options) =>
      run(`${name}.update`, () => {
        const row = find(id);
        checkVersion(row, options?.version);
        Object.assign(row, patch, { version: (row.version ?? 0) + 1, updated_at: now() });
        return structuredClone(row);
      }),
    remove: (id, options) =>
      run(`${name}.remove`, () => {
        const row = find(id);
        checkVersion(row, options?.version);
        rows.splice(rows.indexOf(row), 1);
      }),
  };
}

interface Schema<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** Parses with a core schema like the server does: a 400 naming each bad field. */
export function parse<T>(schema: Schema<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw validation(r.error.issues);
  return r.data;
}

export type Run = <T>(op: string, fn: () => T, args?: unknown[]) => Promise<T>;

export interface TableOptions<Row extends MemoryRow> {
  name: string;
  run: Run;
  now: () => string;
  userId: string;
  create: Schema<object>;
  update: Schema<object>;
  compare: (a: Row, b: Row) => number;
  canRead: () => boolean;
  canWrite: (row?: Row) => boolean;
  /** Joined fields added on the way out (ads get their publication and ad type). */
  present?: (row: Row) => Row;
  onRemove?: (row: Row) => void;
  defaults?: Record<string, unknown>;
  /** The activity log that records each single-row write, as the server's does (docs/adr/0028). */
  history?: { log: MemoryLog; resource: HistoryResource };
}

/**
 * A versioned, validated, authorized in-memory table sorted like the server's list. With
 * `history`, each single-row create, update and delete leaves an entry and can be reverted;
 * `insert` alone (the bulk paths: an import is one entry for the file on the server) does not.
 */
export function memoryTable<Row extends MemoryRow>(rows: Row[], o: TableOptions<Row>) {
  const out = (r: Row) => structuredClone(o.present ? o.present(r) : r);
  const record = (rowId: string, action: string, facts: Parameters<MemoryLog['record']>[3]) => void o.history?.log.record(o.history.resource, rowId, action, facts);
  const find = (id: string) => {
    const row = rows.find((r) => r.id === id);
    if (!row || !o.canRead()) throw notFound();
    return row;
  };
  const insert = (body: unknown, extra: Record<string, unknown> = {}) => {
    const data = parse(o.create, body);
    const stamp = o.now();
    const row = { ...o.defaults, ...data, ...extra, id: memoryId(), version: 1, created_at: stamp, updated_at: stamp, created_by: o.userId } as unknown as Row;
    if (!o.canWrite(row)) throw forbidden();
    rows.push(row);
    return row;
  };
  const add = (body: unknown, extra?: Record<string, unknown>) => {
    const row = insert(body, extra);
    record(row.id, 'create', {});
    return out(row);
  };
  const write = (id: string, data: Record<string, unknown>, version: number | undefined, reverts?: string) => {
    const row = find(id);
    if (!o.canWrite(row)) throw forbidden();
    checkVersion(row, version);
    // An empty patch writes nothing; any other bumps the version and is an entry, changed or not.
    if (!Object.keys(data).length) return row;
    const shown = (r: Row) => out(r) as unknown as Record<string, unknown>;
    const before = shown(row);
    Object.assign(row, data, { version: (row.version ?? 0) + 1, updated_at: o.now() });
    record(id, 'update', { before, after: shown(row), fields: Object.keys(data), reverts });
    return row;
  };
  const remove = (id: string, version: number | undefined, reverts?: string) => {
    const row = find(id);
    if (!o.canWrite(row)) throw forbidden();
    checkVersion(row, version);
    rows.splice(rows.indexOf(row), 1);
    o.onRemove?.(row);
    record(id, 'delete', { row: row as unknown as Record<string, unknown>, reverts });
  };
  o.history?.log.register(o.history.resource, {
    get: (id) => {
      const row = rows.find((r) => r.id === id);
      return row && (out(row) as never);
    },
    update: (id, patch, version, reverts) => out(write(id, patch, version, reverts)) as never,
    recreate: (gone, reverts) => {
      const row = { ...(gone as unknown as Row), version: gone.version + 1, updated_at: o.now() };
      if (!o.canWrite(row)) throw forbidden();
      rows.push(row);
      record(row.id, 'create', { reverts });
      return out(row) as never;
    },
    remove,
  });
  return {
    rows,
    insert,
    out,
    list: () => o.run(`${o.name}.list`, () => (o.canRead() ? [...rows].sort(o.compare).map(out) : [])),
    get: (id: string) => o.run(`${o.name}.get`, () => out(find(id)), [id]),
    /** A single-row create inside a call of the caller's (ad types and ads check their parents first). */
    add,
    create: (body: unknown, extra?: Record<string, unknown>) => o.run(`${o.name}.create`, () => add(body, extra), [body]),
    update: (id: string, patch: unknown, options?: { version?: number }) =>
      o.run(`${o.name}.update`, () => out(write(id, parse(o.update, patch) as Record<string, unknown>, options?.version)), [id, patch, options]),
    remove: (id: string, options?: { version?: number }) => o.run(`${o.name}.remove`, () => remove(id, options?.version), [id, options]),
  };
}
