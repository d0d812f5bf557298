import { isConflict, type QueryKeyMatch } from '@cadence/core';
import { useMemo } from 'react';
import { useCadence, type CadenceContextValue } from './context';
import type { QueryStore } from './query-store';
import type { ToastInput } from './toast';

type Client = CadenceContextValue['client'];
type Row = { id: unknown };

/** Applies `fn` to every cached list `match` names; returns the rollback. */
export function optimisticList<T>(store: QueryStore, match: QueryKeyMatch, fn: (list: T[]) => T[]): () => void {
  return optimisticEdit(store, match, fn);
}

/** Applies `fn` to every cached value `match` names (all of a kind, or one key); returns the rollback. */
function optimisticEdit<T>(store: QueryStore, match: QueryKeyMatch, fn: (data: T) => T): () => void {
  const keys = store.matching(match);
  const before = keys.map((k) => [k, store.get<T>(k).data] as const);
  for (const k of keys) store.update<T>(k, fn);
  return () => {
    for (const [k, data] of before) store.restore(k, data);
  };
}

const isRow = (value: unknown): value is Row => !!value && typeof value === 'object' && 'id' in value;
const withRow = (row: Row) => (list: Row[]) => list.map((x) => (x.id === row.id ? { ...x, ...row } : x));
const putRow = (o: Optimistic, row: Row) => (o.withRow ?? withRow)(row);

export interface WriteSpec<T> {
  call: (client: Client) => Promise<T>;
  success?: ToastInput | ((result: T) => ToastInput);
  /** The failure toast; `null` shows none (the caller handles that error itself). */
  failure: ToastInput | ((error: unknown) => ToastInput | null);
  /** Queries refetched after the call, whatever its outcome (only after a failure with `settle`): kinds, or single keys. */
  invalidate: readonly QueryKeyMatch[];
  /**
   * Applies the server's answer to the cache itself, as a realtime change is applied, so a
   * success costs no refetch; the echo of the change that follows is then recognised by its
   * version and ignored.
   */
  settle?: (store: QueryStore, result: T) => void;
  /** An optimistic edit of the cached lists (or of several kinds of cached data), rolled back on failure. */
  optimistic?: Optimistic | readonly Optimistic[];
}

/** `apply` edits each cached value `keys` names; the server's row and a conflict's current row go through `withRow` when given. */
export interface Optimistic {
  keys: QueryKeyMatch;
  apply: (data: any) => any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** How the server's row is put in (default: replaced by id in a list). */
  withRow?: (row: Row) => (data: any) => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export type Write = <T>(spec: WriteSpec<T>) => Promise<T>;

/**
 * Runs a write with the spec's toasts; rejects after toasting so callers can keep a form open.
 * The optimistic edit shows at once; the server's row (its new version) then replaces it, or on
 * failure the edit is rolled back and a conflict's current row shown, before the refetch.
 * A write that settles its own answer skips the refetch when it succeeds.
 */
export function createWriter({ client, store, toast }: Pick<CadenceContextValue, 'client' | 'store' | 'toast'>): Write {
  return async <T,>(spec: WriteSpec<T>): Promise<T> => {
    const edits: readonly Optimistic[] = !spec.optimistic ? [] : 'apply' in spec.optimistic ? [spec.optimistic] : spec.optimistic;
    const rollbacks = edits.map((o) => optimisticEdit(store, o.keys, o.apply));
    const rollback = () => rollbacks.forEach((undo) => undo());
    let settled = false;
    try {
      const result = await spec.call(client);
      if (spec.settle) {
        spec.settle(store, result);
        settled = true;
      } else if (isRow(result)) edits.forEach((o) => optimisticEdit(store, o.keys, putRow(o, result)));
      if (spec.success) toast(typeof spec.success === 'function' ? spec.success(result) : spec.success);
      return result;
    } catch (error) {
      rollback();
      const current = isConflict(error) ? error.current : undefined;
      if (isRow(current)) edits.forEach((o) => optimisticEdit(store, o.keys, putRow(o, current)));
      console.error('[Cadence] write failed', error);
      const failure = typeof spec.failure === 'function' ? spec.failure(error) : spec.failure;
      if (failure) toast(failure);
      throw error;
    } finally {
      if (!settled) spec.invalidate.forEach((p) => store.invalidate(p));
    }
  };
}

/** The provider's writer (see `createWriter`). */
export function useWrite(): Write {
  const { client, store, toast } = useCadence();
  return useMemo(() => createWriter({ client, store, toast }), [client, store, toast]);
}
