import { CadenceApiError, type Session } from '@cadence/core';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, SessionManager, type LockManagerLike } from './session-manager';

const NOW = 1_800_000_000_000;
const session = (n: number, expiresInS = 3600): Session => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'bearer',
  expires_in: expiresInS,
  expires_at: Math.floor(NOW / 1000) + expiresInS,
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'a@example.com', email_confirmed_at: null, created_at: '2026-01-01T00:00:00Z' },
});

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

/** One lock shared by "tabs": callbacks run one after another. */
function memoryLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, cb: () => Promise<T>): Promise<T> {
      const run = tail.then(cb, cb);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

describe('SessionManager', () => {
  it('should keep the session in storage and clear it on sign-out', () => {
    const storage = memoryStorage();
    const m = new SessionManager({ refresh: vi.fn(), storage, now: () => NOW });
    m.set(session(1));
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!).access_token).toBe('access-1');
    expect(new SessionManager({ refresh: vi.fn(), storage, now: () => NOW }).current?.access_token).toBe('access-1');
    m.set(null);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    m.dispose();
  });

  it('should refresh an access token that is about to expire before handing it out', async () => {
    const storage = memoryStorage();
    const refresh = vi.fn(async () => session(2));
    const m = new SessionManager({ refresh, storage, now: () => NOW });
    m.set(session(1, 30));
    expect(await m.getAccessToken()).toBe('access-2');
    expect(refresh).toHaveBeenCalledWith('refresh-1');
    expect(await m.getAccessToken()).toBe('access-2');
    expect(refresh).toHaveBeenCalledTimes(1);
    m.dispose();
  });

  it('should spend a refresh token once when two tabs refresh at the same moment', async () => {
    const storage = memoryStorage();
    const locks = memoryLocks();
    let n = 1;
    const refresh = vi.fn(async () => session(++n));
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session(1, 30)));
    const tabA = new SessionManager({ refresh, storage, locks, now: () => NOW });
    const tabB = new SessionManager({ refresh, storage, locks, now: () => NOW });
    const [a, b] = await Promise.all([tabA.getAccessToken(), tabB.getAccessToken()]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(a).toBe('access-2');
    expect(b).toBe('access-2');
    tabA.dispose();
    tabB.dispose();
  });

  it('should renew a refused access token that is not about to expire, once for two tabs', async () => {
    const storage = memoryStorage();
    const locks = memoryLocks();
    let n = 1;
    const refresh = vi.fn(async () => session(++n));
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session(1)));
    const tabA = new SessionManager({ refresh, storage, locks, now: () => NOW });
    const tabB = new SessionManager({ refresh, storage, locks, now: () => NOW });
    // Both tabs were refused 'access-1' (revoked, or a skewed clock): only one spends refresh-1.
    const [a, b] = await Promise.all([tabA.renewAccessToken(), tabB.renewAccessToken()]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('refresh-1');
    expect([a, b]).toEqual(['access-2', 'access-2']);
    tabA.dispose();
    tabB.dispose();
  });

  it('should sign out when the refused token cannot be renewed', async () => {
    const storage = memoryStorage();
    const refresh = vi.fn(async () => {
      throw new CadenceApiError(401, 'unauthorized', 'Invalid refresh token');
    });
    const m = new SessionManager({ refresh, storage, now: () => NOW });
    m.set(session(1));
    expect(await m.renewAccessToken()).toBeNull();
    expect(m.current).toBeNull();
    m.dispose();
  });

  it('should end the session when the server refuses the refresh token', async () => {
    const storage = memoryStorage();
    const refresh = vi.fn(async () => {
      throw new CadenceApiError(401, 'unauthorized', 'Invalid refresh token');
    });
    const m = new SessionManager({ refresh, storage, now: () => NOW });
    const seen: Array<Session | null> = [];
    m.subscribe((s) => seen.push(s));
    m.set(session(1, 10));
    expect(await m.getAccessToken()).toBeNull();
    expect(seen.at(-1)).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    m.dispose();
  });

  it('should keep the session through a network failure', async () => {
    const storage = memoryStorage();
    const refresh = vi.fn(async () => {
      throw new CadenceApiError(0, 'network_error', 'offline');
    });
    const m = new SessionManager({ refresh, storage, now: () => NOW });
    m.set(session(1, 10));
    expect(await m.getAccessToken()).toBe('access-1');
    expect(m.current).not.toBeNull();
    m.dispose();
  });

  it('should follow another tab signing in and out through the storage event', () => {
    const storage = memoryStorage();
    let fire: (key: string | null) => void = () => undefined;
    const m = new SessionManager({ refresh: vi.fn(), storage, now: () => NOW, watchStorage: (cb) => ((fire = cb), () => undefined) });
    const listener = vi.fn();
    m.subscribe(listener);
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session(7)));
    fire(SESSION_STORAGE_KEY);
    expect(m.current?.access_token).toBe('access-7');
    storage.removeItem(SESSION_STORAGE_KEY);
    fire(SESSION_STORAGE_KEY);
    expect(m.current).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    m.dispose();
  });
});
