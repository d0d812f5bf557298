import { intersectRights, shareLinkExpired, storedViewFilter, todayYmd, type Channel, type Principal, type SavedView } from '@cadence/core';
import type { Services } from '../services';
import type { AuthState } from './auth-state';
import { hashToken } from './secrets';
import { loadSessionPrincipal } from './principal-query';
import { loadShareLinkAuth } from './share-links';
import { toPrincipal } from './users';

export const ACCESS_KEY_PREFIX = 'cad_';

export type CredentialResult = { auth: AuthState } | { failure: string };

const lastUsedWrites = new Map<string, number>();

/**
 * Resolves a bearer credential: a session's access token (JWT) or a long-lived access key.
 * Role and permissions come from the principal cache, which every change to them empties at
 * once (auth/principal-cache.ts), so revocations apply on the next request.
 */
export async function resolveCredential(s: Services, token: string): Promise<CredentialResult> {
  if (token.startsWith(ACCESS_KEY_PREFIX)) return resolveAccessKey(s, token);
  const claims = await s.jwt.verify(token);
  if (!claims) {
    const linkId = await s.jwt.verifyLink(token);
    return linkId ? resolveShareLink(s, linkId) : { failure: 'Invalid or expired access token' };
  }
  // The cached value is the whole, immutable AuthState: nothing is rebuilt per request.
  const result = await s.principals.get(`s:${claims.userId}:${claims.sessionId}`, async (): Promise<CredentialResult> => {
    const record = await loadSessionPrincipal(s.db, claims.userId, claims.sessionId);
    if (!record || record.revoked) return { failure: 'This session has ended. Sign in again.' };
    return { auth: Object.freeze({ principal: Object.freeze(toPrincipal(record)), user: record.user, sessionId: claims.sessionId }) };
  });
  return result;
}

async function resolveAccessKey(s: Services, secret: string): Promise<CredentialResult> {
  const keyHash = hashToken(secret);
  const auth = await s.principals.get(`k:${keyHash}`, () => loadAccessKeyAuth(s, { 'k.key_hash': keyHash }));
  if (!auth) return { failure: 'Invalid or revoked access key' };
  await touchAccessKey(s, auth.accessKeyId!);
  return { auth };
}

/** A stakeholder link's credential (docs/adr/0061): the link as it is now; a revoke or an edit empties the cache. */
export async function resolveShareLink(s: Services, linkId: string): Promise<CredentialResult> {
  const auth = await s.principals.get(`l:${linkId}`, () => loadShareLinkAuth(s, linkId));
  // A cached link may have passed its expiry date since it was read.
  if (!auth || shareLinkExpired(auth.link!.expiresOn, todayYmd())) return { failure: 'This link has expired or been revoked' };
  return { auth };
}

interface BoundKeyRow {
  id: string;
  created_by: string;
  read_only: boolean;
  channels: Channel[] | null;
  view_id: string | null;
  view_name: string | null;
  view_dashboard: SavedView['dashboard'] | null;
  view_query: string | null;
  view_owner: string | null;
}

/**
 * A live key as it is now, read from the database (no cache): its creator's current rights, and,
 * bound to a saved view, the view's current filter and only what the view's owner may read too
 * (docs/adr/0036). Null for a revoked or unknown key, or a creator who is gone.
 */
export async function loadAccessKeyAuth(s: Services, where: { 'k.key_hash': string } | { 'k.id': string }): Promise<AuthState | null> {
  const key = await s.db('access_keys AS k')
    .leftJoin('saved_views AS v', 'v.id', 'k.view_id')
    .where(where)
    .whereNull('k.revoked_at')
    .first<BoundKeyRow | undefined>(
      'k.id', 'k.created_by', 'k.read_only', 'k.channels', 'k.view_id',
      'v.name AS view_name', 'v.dashboard AS view_dashboard', 'v.query AS view_query', 'v.created_by AS view_owner',
    );
  const record = key && (await loadSessionPrincipal(s.db, key.created_by, null));
  if (!key || !record) return null;
  let rights: Pick<Principal, 'role' | 'permissions'> = record;
  if (key.view_id && key.view_owner !== key.created_by) {
    // A view whose owner is gone (or a personal view of nobody) lends no rights at all.
    const owner = key.view_owner ? await loadSessionPrincipal(s.db, key.view_owner, null) : null;
    rights = intersectRights(record, owner ?? { role: null, permissions: [] });
  }
  return Object.freeze({
    principal: Object.freeze(
      toPrincipal({ ...record, role: rights.role, permissions: [...rights.permissions] }, {
        accessKeyId: key.id,
        readOnly: key.read_only,
        channels: key.channels,
        // Bound to a saved view: the view as it is now (an edit empties the principal cache).
        ...(key.view_id ? { campaignFilter: storedViewFilter({ dashboard: key.view_dashboard!, query: key.view_query ?? '' }) } : {}),
      }),
    ),
    user: record.user,
    sessionId: null,
    accessKeyId: key.id,
    ...(key.view_id ? { view: { id: key.view_id, name: key.view_name ?? '', ownerId: key.view_owner } } : {}),
  });
}

async function touchAccessKey(s: Services, keyId: string): Promise<void> {
  const now = Date.now();
  // Recording every use would turn each read into a write; once a minute is enough to show activity.
  if ((lastUsedWrites.get(keyId) ?? 0) < now - 60_000) {
    lastUsedWrites.set(keyId, now);
    await s.db('access_keys').where({ id: keyId }).update({ last_used_at: s.db.fn.now() });
  }
}
