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
}

const IDLE: QuerySnapshot<never> = { status: 'loading', data: undefined, error: undefined, fetching: false };

/**
 * A small per-query cache, framework-free: one entry per key, concurrent fetches of a key
 * share one request, and writers (optimistic updates, realtime changes) edit the data in
 * place and notify the components reading it.
 */
export class QueryStore {
  private readonly entries = new Map<string, Entry>();

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
      if (e.inFlight === request) e.inFlight = undefined;
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
    if (e.snapshot.data !== undefined) this.set(key, { data: fn(e.snapshot.data as T) });
  }

  /** Puts data back exactly as it was (rollback of an optimistic update). */
  restore(key: string, data: unknown): void {
    this.set(key, { data, status: data === undefined ? 'loading' : 'success' });
  }

  /**
   * Refetches every key under `prefix` that is on screen (someone reads it); the others keep
   * their data but are marked stale, so they are refetched when next used.
   */
  invalidate(prefix: string): void {
    for (const key of this.keys(prefix)) {
      const e = this.entries.get(key);
      if (!e) continue;
      e.inFlight = undefined;
      e.stale = true;
      if (e.listeners.size > 0 && e.fetcher) void this.fetch(key, e.fetcher, { force: true });
    }
  }

  /** Whether the key's data is out of date (see `invalidate`). */
  isStale(key: string): boolean {
    return !!this.entries.get(key)?.stale;
  }
}
