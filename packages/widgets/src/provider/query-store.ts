import { queryKeyHash, type CountedBasis, type QueryKey, type QueryKeyMatch, type QueryKind, type RealtimeTopic, type RowChanges } from '@cadence/core';

export type QueryStatus = 'loading' | 'success' | 'error';

/**
 * A change to apply to cached data: from the realtime feed (with its `seq`, and for campaigns the
 * counts' `basis`), or from the answer of one's own write (without: what needs them refetches).
 */
export type CachedChanges = { [K in RealtimeTopic]: RowChanges[K] & { seq?: number; basis?: CountedBasis } };
export type CachedChange<T extends RealtimeTopic = RealtimeTopic> = CachedChanges[T];

/** Applies a change on topic T to the cached queries of one kind in place; false when it cannot, and they are refetched. */
export type ChangeApplier<T extends RealtimeTopic> = (store: QueryStore, change: CachedChange<T>) => boolean;

export interface QuerySnapshot<T> {
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  /** A refetch is running while older data is shown. */
  fetching: boolean;
}

interface Entry {
  key: QueryKey;
  snapshot: QuerySnapshot<unknown>;
  fetcher?: () => Promise<unknown>;
  inFlight?: Promise<unknown>;
  listeners: Set<() => void>;
  onError?: (error: unknown) => void;
  /** The data may be out of date: the next `fetch` asks again even without `force`. */
  stale?: boolean;
  /** Edits made while `inFlight` ran, replayed on its answer, which may predate them. */
  pending?: Array<(data: unknown) => unknown>;
  /** Invalidated while `inFlight` ran: its answer is shown, then asked for once more. */
  again?: boolean;
  /** A request for more of the data (the next page), see `extend`. */
  extending?: Promise<void>;
  /** Edits made while `extending` ran, replayed once its answer is merged. */
  pendingExtend?: Array<(data: unknown) => unknown>;
}

/** A query not fetched yet (or no query at all). */
export const IDLE: QuerySnapshot<never> = { status: 'loading', data: undefined, error: undefined, fetching: false };

/** Keys are tuples made afresh on each render; a hook keeps one per query, so its text is worked out once. */
const hashes = new WeakMap<QueryKey, string>();
function hashOf(key: QueryKey): string {
  let hash = hashes.get(key);
  if (hash === undefined) {
    hash = queryKeyHash(key);
    hashes.set(key, hash);
  }
  return hash;
}

/**
 * A small per-query cache, framework-free: one entry per key (core's query keys, stored under
 * their text), concurrent fetches of a key share one request, and writers (optimistic updates,
 * realtime changes) edit the data in place and notify the components reading it.
 */
export class QueryStore {
  private readonly entries = new Map<string, Entry>();
  private readonly appliers: { [T in RealtimeTopic]?: Partial<Record<QueryKind, ChangeApplier<T>>> } = {};

  /**
   * How a change on `topic` is applied in place to the queries of `kind` (realtime-changes.ts).
   * Registered by the hook that creates such keys, so a widget that never reads them does not
   * carry the code (docs/adr/0022).
   */
  setApplier<T extends RealtimeTopic>(topic: T, kind: QueryKind, apply: ChangeApplier<T>): void {
    const forTopic: Partial<Record<QueryKind, ChangeApplier<T>>> = (this.appliers[topic] ??= {});
    forTopic[kind] = apply;
  }

  applier<T extends RealtimeTopic>(topic: T, kind: QueryKind): ChangeApplier<T> | undefined {
    const forTopic: Partial<Record<QueryKind, ChangeApplier<T>>> | undefined = this.appliers[topic];
    return forTopic?.[kind];
  }

  private entry(key: QueryKey): Entry {
    const hash = hashOf(key);
    let e = this.entries.get(hash);
    if (!e) {
      e = { key, snapshot: IDLE, listeners: new Set() };
      this.entries.set(hash, e);
    }
    return e;
  }

  private find(key: QueryKey): Entry | undefined {
    return this.entries.get(hashOf(key));
  }

  private set(key: QueryKey, patch: Partial<QuerySnapshot<unknown>>): void {
    const e = this.entry(key);
    e.snapshot = { ...e.snapshot, ...patch };
    for (const l of [...e.listeners]) l();
  }

  subscribe(key: QueryKey, listener: () => void): () => void {
    const e = this.entry(key);
    e.listeners.add(listener);
    return () => e.listeners.delete(listener);
  }

  get<T>(key: QueryKey): QuerySnapshot<T> {
    return (this.find(key)?.snapshot ?? IDLE) as QuerySnapshot<T>;
  }

  /** Fetches unless data or a request is already there (`force` refetches anyway). */
  fetch<T>(key: QueryKey, fetcher: () => Promise<T>, options: { force?: boolean; onError?: (e: unknown) => void } = {}): Promise<unknown> {
    const e = this.entry(key);
    e.fetcher = fetcher;
    if (options.onError) e.onError = options.onError;
    if (e.inFlight) return e.inFlight;
    if (!options.force && !e.stale && e.snapshot.status === 'success') return Promise.resolve(e.snapshot.data);
    e.pending = [];
    e.again = false; // this request starts after every invalidation so far
    e.extending = undefined;
    this.set(key, { fetching: true });
    const request = fetcher().then(
      (fetched) => {
        if (e.inFlight !== request) return fetched;
        const data = (e.pending ?? []).reduce((d, edit) => edit(d), fetched as unknown);
        e.stale = false;
        this.set(key, { status: 'success', data, error: undefined, fetching: false });
        return data;
      },
      (error: unknown) => {
        if (e.inFlight === request) {
          this.set(key, { status: e.snapshot.data === undefined ? 'error' : 'success', error, fetching: false });
          e.onError?.(error);
        }
      },
    ).finally(() => {
      if (e.inFlight !== request) return;
      e.inFlight = undefined;
      if (e.again) {
        e.again = false;
        e.stale = true;
        if (e.listeners.size > 0 && e.fetcher) void this.fetch(key, e.fetcher, { force: true });
      }
    });
    e.inFlight = request;
    return request;
  }

  /** The cached keys of `kind`, each with its parameters. */
  keys<K extends QueryKind>(kind: K): Array<QueryKey<K>> {
    // An entry's kind is its key's first element, which decides the rest of its type.
    return [...this.entries.values()].filter((e) => e.key[0] === kind).map((e) => e.key as QueryKey<K>);
  }

  /** The cached keys `match` names: every key of a kind, or the one key given if it is cached. */
  matching(match: QueryKeyMatch): QueryKey[] {
    return typeof match === 'string' ? this.keys(match) : this.find(match) ? [match] : [];
  }

  /** Edits cached data; keys without data are left alone. A running fetch is superseded. */
  update<T>(key: QueryKey, fn: (data: T) => T): void {
    const e = this.find(key);
    if (!e || e.snapshot.data === undefined) return;
    e.inFlight = undefined;
    this.set(key, { data: fn(e.snapshot.data as T), status: 'success', fetching: false });
  }

  /**
   * Applies a change the server reports (a realtime message, a write's answer) to cached data:
   * unlike `update` a running fetch goes on, and the change is applied to its answer too, as
   * that may have been read before the change. `fn` must be idempotent.
   */
  apply<T>(key: QueryKey, fn: (data: T) => T): void {
    const e = this.find(key);
    if (!e) return;
    if (e.inFlight) (e.pending ??= []).push(fn as (data: unknown) => unknown);
    if (e.extending) (e.pendingExtend ??= []).push(fn as (data: unknown) => unknown);
    if (e.snapshot.data !== undefined) this.set(key, { data: fn(e.snapshot.data as T) });
  }

  /**
   * Reads more of a key's data (the next page) and merges it in with the function `more`
   * resolves to. One at a time per key, and none while the whole key is being fetched. Changes
   * applied meanwhile are applied again after the merge, since the page may have been read
   * before them. `merge` must leave data it does not belong to alone (the key was reloaded).
   */
  extend<T>(key: QueryKey, more: (data: T) => Promise<(data: T) => T>): Promise<void> {
    const e = this.find(key);
    if (!e || e.inFlight || e.snapshot.data === undefined) return Promise.resolve();
    if (e.extending) return e.extending;
    e.pendingExtend = [];
    const request: Promise<void> = more(e.snapshot.data as T)
      .then((merge) => {
        if (e.extending !== request || e.snapshot.data === undefined) return;
        const merged = (e.pendingExtend ?? []).reduce((d, edit) => edit(d), merge(e.snapshot.data as T) as unknown);
        this.set(key, { data: merged });
      })
      .finally(() => {
        if (e.extending === request) {
          e.extending = undefined;
          e.pendingExtend = undefined;
        }
      });
    e.extending = request;
    return request;
  }

  /** Whether `extend` is reading more of the key. */
  isExtending(key: QueryKey): boolean {
    return !!this.find(key)?.extending;
  }

  /** Puts data back exactly as it was (rollback of an optimistic update). */
  restore(key: QueryKey, data: unknown): void {
    this.set(key, { data, status: data === undefined ? 'loading' : 'success' });
  }

  /**
   * Refetches every key `match` names (all of a kind, or one) that is on screen (someone reads it); the others keep
   * their data but are marked stale, so they are refetched when next used. A key already being
   * fetched is not asked for again at once: its answer is shown when it comes and one more
   * request follows, however many invalidations came meanwhile. Superseding it instead meant
   * that while changes came faster than a round trip, no answer was ever shown and every
   * change added a request (the `team` benchmark's stat cards at 5 writes/s).
   */
  invalidate(match: QueryKeyMatch): void {
    for (const key of this.matching(match)) {
      const e = this.find(key);
      if (!e) continue;
      e.stale = true;
      const shown = e.listeners.size > 0 && !!e.fetcher;
      if (shown && e.inFlight) e.again = true;
      else {
        e.inFlight = undefined;
        if (shown) void this.fetch(key, e.fetcher!, { force: true });
      }
    }
  }

  /** Whether the key's data is out of date (see `invalidate`). */
  isStale(key: QueryKey): boolean {
    return !!this.find(key)?.stale;
  }
}
