import { CadenceApiError, type Crud } from '@cadence/core';

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

export const notFound = () => new CadenceApiError(404, 'not_found', 'Not found');
export const forbidden = () => new CadenceApiError(403, 'forbidden', 'You may not do that');
export const conflict = (current: unknown) =>
  new CadenceApiError(412, 'conflict', 'This row was changed by someone else', [], current);

/** Throws 412 with the current row when `version` is given and stale (DESIGN §4). */
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
