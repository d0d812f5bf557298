import type { Session } from '@cadence/core';

/**
 * Sessions signed in through an element's prompt, per Cadence server: kept in memory and in
 * sessionStorage (so a reload of the tab keeps it, closing the tab forgets it). Every
 * element of the same server on the page follows a sign-in or sign-out.
 */
const memory = new Map<string, Session>();
const listeners = new Set<() => void>();
const storageKey = (apiUrl: string) => `cadence:session:${apiUrl.replace(/\/+$/, '')}`;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // Storage blocked (sandboxed iframe, privacy settings): memory only.
  }
}

export function getSession(apiUrl: string): Session | null {
  const key = storageKey(apiUrl);
  let s = memory.get(key) ?? null;
  if (!s) {
    const raw = storage()?.getItem(key);
    if (raw) {
      try {
        s = JSON.parse(raw) as Session;
        memory.set(key, s);
      } catch {
        s = null;
      }
    }
  }
  if (s && s.expires_at * 1000 <= Date.now()) {
    setSession(apiUrl, null);
    return null;
  }
  return s;
}

export function setSession(apiUrl: string, session: Session | null): void {
  const key = storageKey(apiUrl);
  if (session) {
    memory.set(key, session);
    storage()?.setItem(key, JSON.stringify(session));
  } else {
    memory.delete(key);
    storage()?.removeItem(key);
  }
  listeners.forEach((l) => l());
}

export function subscribeSessions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
