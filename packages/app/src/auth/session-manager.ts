import { CadenceApiError, type Session } from '@cadence/core';

/** Where the session lives (docs/product.md#auth-session: local storage, with automatic refresh). */
export const SESSION_STORAGE_KEY = 'cadence.auth.session';
/** Refresh this many seconds before the access token expires. */
export const REFRESH_MARGIN_SECONDS = 60;
const LOCK_NAME = 'cadence.auth.refresh';

type Listener = (session: Session | null) => void;

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface SessionManagerOptions {
  /** Exchanges a refresh token for a new session (POST /api/auth/refresh). */
  refresh: (refreshToken: string) => Promise<Session>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Cross-tab mutual exclusion (navigator.locks); without it only this tab is coordinated. */
  locks?: LockManagerLike;
  /** Epoch milliseconds. */
  now?: () => number;
  /** Subscribes to session writes by other tabs (the window's `storage` event). */
  watchStorage?: (onChange: (key: string | null) => void) => () => void;
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Session>;
    return s && typeof s.access_token === 'string' && typeof s.refresh_token === 'string' && typeof s.expires_at === 'number' && s.user
      ? (s as Session)
      : null;
  } catch {
    return null;
  }
}

/** An answer that means the refresh token is no longer any good: the session is over. */
const isRejection = (err: unknown) => err instanceof CadenceApiError && err.status >= 400 && err.status < 500 && err.status !== 429;

/**
 * Keeps the signed-in session in local storage and refreshes it before it expires.
 *
 * NOTE: the server rotates refresh tokens and revokes the whole family when a spent one is
 * reused, so two tabs must never refresh with the same token. Refreshes run under one Web
 * Lock; inside it a tab first re-reads storage and adopts a session another tab already
 * refreshed, and only refreshes itself when the stored one is still the expiring one.
 */
export class SessionManager {
  private session: Session | null;
  private readonly listeners = new Set<Listener>();
  private inFlight: Promise<Session | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly unwatch: (() => void) | undefined;
  private readonly now: () => number;

  constructor(private readonly options: SessionManagerOptions) {
    this.now = options.now ?? Date.now;
    this.session = this.read();
    this.unwatch = options.watchStorage?.((key) => {
      if (key === null || key === SESSION_STORAGE_KEY) this.adopt(this.read());
    });
    this.schedule();
  }

  get current(): Session | null {
    return this.session;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stores a new session (sign-in) or clears it (sign-out); other tabs follow. */
  set(session: Session | null): void {
    if (session) this.options.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else this.options.storage.removeItem(SESSION_STORAGE_KEY);
    this.adopt(session);
  }

  /** True when the access token expires within the refresh margin. */
  isExpiring(session: Session | null = this.session): boolean {
    return !!session && session.expires_at * 1000 - this.now() <= REFRESH_MARGIN_SECONDS * 1000;
  }

  /** The access token for a request, refreshed first when it is about to expire. */
  async getAccessToken(): Promise<string | null> {
    if (this.session && this.isExpiring()) await this.refresh().catch(() => null);
    return this.session?.access_token ?? null;
  }

  /**
   * The server refused the current access token (a 401: revoked, or the clocks disagree): a new
   * one, whatever its expiry says, unless another tab already renewed it. Null: signed out.
   */
  async renewAccessToken(): Promise<string | null> {
    await this.refresh(true).catch(() => null);
    return this.session?.access_token ?? null;
  }

  /** Refreshes once per tab at a time, and once across tabs per refresh token. */
  refresh(force = false): Promise<Session | null> {
    if (!this.inFlight) {
      const run = () => this.refreshExclusively(force);
      const locked = this.options.locks ? this.options.locks.request(LOCK_NAME, run) : run();
      this.inFlight = locked.finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  dispose(): void {
    this.unwatch?.();
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }

  private async refreshExclusively(force: boolean): Promise<Session | null> {
    const stored = this.read();
    if (!stored) {
      this.adopt(null);
      return null;
    }
    // Forced: only the token this tab holds was refused; one another tab stored since is new.
    if (force ? stored.access_token !== this.session?.access_token : !this.isExpiring(stored)) {
      this.adopt(stored);
      return stored;
    }
    try {
      const next = await this.options.refresh(stored.refresh_token);
      this.set(next);
      return next;
    } catch (err) {
      if (isRejection(err)) {
        // Another tab may have spent this token meanwhile and stored the new session.
        const latest = this.read();
        if (latest && latest.refresh_token !== stored.refresh_token) {
          this.adopt(latest);
          return latest;
        }
        this.set(null);
        return null;
      }
      this.schedule(30_000);
      throw err;
    }
  }

  private read(): Session | null {
    return parse(this.options.storage.getItem(SESSION_STORAGE_KEY));
  }

  private adopt(session: Session | null): void {
    const changed = session?.access_token !== this.session?.access_token;
    this.session = session;
    this.schedule();
    if (changed) for (const l of [...this.listeners]) l(session);
  }

  private schedule(delayMs?: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.session) return;
    const due = delayMs ?? this.session.expires_at * 1000 - REFRESH_MARGIN_SECONDS * 1000 - this.now();
    // setTimeout overflows past ~24.8 days; tokens live an hour, so cap it.
    this.timer = setTimeout(() => void this.refresh().catch(() => undefined), Math.min(Math.max(due, 0), 2 ** 31 - 1));
  }
}

/** The manager for a browser tab: local storage, Web Locks and the storage event. */
export function browserSessionManager(refresh: (refreshToken: string) => Promise<Session>): SessionManager {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as LockManagerLike) : undefined;
  return new SessionManager({
    refresh,
    storage: window.localStorage,
    ...(locks ? { locks } : {}),
    watchStorage: (onChange) => {
      const handler = (e: StorageEvent) => onChange(e.key);
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
    },
  });
}
