export type QueryStatus = 'loading' | 'success' | 'error';

export interface QuerySnapshot<T> {
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  /** A refetch is running while older data is shown. */
  fetching: boolean;
}

interface Entry {
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

const IDLE: QuerySnapshot<never> = { status: 'loading', data: undefined, error: undefined, fetching: false };

/**
 * A small per-query cache, framework-free: one entry per key, concurrent fetches of a key
 * share one request, and writers (optimistic updates, realtime changes) edit the data in
 * place and notify the components reading it.
 */
export class QueryStore {
  private readonly entries = new Map<string, Entry>();
  private readonly appliers = new Map<string, (store: QueryStore, message: unknown) => boolean>();

  /**
   * How a realtime message is applied in place to the keys under `prefix` (realtime-changes.ts).
   * Registered by the hook that creates such keys, so a widget that never reads them does not
   * carry the code (docs/adr/0022).
   */
  setApplier(prefix: string, apply: (store: QueryStore, message: unknown) => boolean): void {
    this.appliers.set(prefix, apply);
  }

  applier(prefix: string): ((store: QueryStore, message: unknown) => boolean) | undefined {
    return this.appliers.get(prefix);
  }

  private entry(key: string): Entry {
    let e = this.entries.get(key);
    if (!e) {
      e = { snapshot: IDLE, listeners: new Set() };
      this.entries.set(key, e);
    }
    return e;
  }

  private set(key: string, patch: Partial<QuerySnapshot<unknown>>): void {
    const e = this.entry(key);
    e.snapshot = { ...e.snapshot, ...patch };
    for (const l of [...e.listeners]) l();
  }

  subscribe(key: string, listener: () => void): () => void {
    const e = this.entry(key);
    e.listeners.add(listener);
    return () => e.listeners.delete(listener);
  }

  get<T>(key: string): QuerySnapshot<T> {
    return (this.entries.get(key)?.snapshot ?? IDLE) as QuerySnapshot<T>;
  }

  /** Fetches unless data or a request is already there (`force` refetches anyway). */
  fetch<T>(key: string, fetcher: () => Promise<T>, options: { force?: boolean; onError?: (e: unknown) => void } = {}): Promise<unknown> {
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

  /** Keys starting with `prefix`. */
  keys(prefix: string): string[] {
    return [...this.entries.keys()].filter((k) => k.startsWith(prefix));
  }

  /** Edits cached data; keys without data are left alone. A running fetch is superseded. */
  update<T>(key: string, fn: (data: T) => T): void {
    const e = this.entries.get(key);
    if (!e || e.snapshot.data === undefined) return;
    e.inFlight = undefined;
    this.set(key, { data: fn(e.snapshot.data as T), status: 'success', fetching: false });
  }

  /**
   * Applies a change the server reports (a realtime message, a write's answer) to cached data:
   * unlike `update` a running fetch goes on, and the change is applied to its answer too, as
   * that may have been read before the change. `fn` must be idempotent.
   */
  apply<T>(key: string, fn: (data: T) => T): void {
    const e = this.entries.get(key);
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
  extend<T>(key: string, more: (data: T) => Promise<(data: T) => T>): Promise<void> {
    const e = this.entries.get(key);
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
  isExtending(key: string): boolean {
    return !!this.entries.get(key)?.extending;
  }

  /** Puts data back exactly as it was (rollback of an optimistic update). */
  restore(key: string, data: unknown): void {
    this.set(key, { data, status: data === undefined ? 'loading' : 'success' });
  }

  /**
   * Refetches every key under `prefix` that is on screen (someone reads it); the others keep
   * their data but are marked stale, so they are refetched when next used. A key already being
   * fetched is not asked for again at once: its answer is shown when it comes and one more
   * request follows, however many invalidations came meanwhile. Superseding it instead meant
   * that while changes came faster than a round trip, no answer was ever shown and every
   * change added a request (the `team` benchmark's stat cards at 5 writes/s).
   */
  invalidate(prefix: string): void {
    for (const key of this.keys(prefix)) {
      const e = this.entries.get(key);
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
  isStale(key: string): boolean {
    return !!this.entries.get(key)?.stale;
  }
}
