import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { CadenceState } from '../http/authenticate';

/** Who a write is made for, as its history entry records it (docs/adr/0028). */
export interface Actor {
  userId: string | null;
  keyId: string | null;
  requestId: string | null;
  /**
   * When the change happened, for work replayed on a clock of its own (the demo's past weeks,
   * docs/adr/0064); absent: the entry is dated by the database (now()).
   */
  at?: Date | undefined;
}

const NOBODY: Actor = Object.freeze({ userId: null, keyId: null, requestId: null });
/** A request being served (its caller is read when a write happens), or an actor given outright. */
type Context = { requestId: string; state: CadenceState } | { actor: Actor };
const store = new AsyncLocalStorage<Context>();

export const REQUEST_ID_HEADER = 'X-Request-Id';
// A caller's own id is kept when it is short and plain (a proxy's or a script's), so the
// entry can be found from the caller's logs; anything else gets a fresh one.
const CALLER_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Gives each request an id (answered in X-Request-Id) and makes the caller known to the data
 * layer below, so every write can say who made it without each route passing it along.
 */
export function requestContext(): Middleware<CadenceState> {
  return (ctx, next) => {
    const given = ctx.get(REQUEST_ID_HEADER);
    const requestId = CALLER_ID.test(given) ? given : randomUUID();
    ctx.set(REQUEST_ID_HEADER, requestId);
    return store.run({ requestId, state: ctx.state }, next);
  };
}

/** The caller of the request being served (read when the write happens, after authentication); nobody outside a request. */
export function currentActor(): Actor {
  const found = store.getStore();
  if (!found) return NOBODY;
  if ('actor' in found) return found.actor;
  const auth = found.state.auth;
  return { userId: auth?.user?.id ?? auth?.principal.userId ?? null, keyId: auth?.accessKeyId ?? null, requestId: found.requestId };
}

/**
 * Runs `work` as `actor` outside any request, so the writes it makes through the ordinary write
 * paths (data/crud.ts, imports, reverts) are logged as theirs, and dated `actor.at` when it is
 * given: the demo seed replays weeks of its users' changes this way (docs/adr/0064).
 */
export function runAs<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
  return store.run({ actor: Object.freeze({ ...actor }) }, work);
}
