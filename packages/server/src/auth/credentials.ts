import { storedViewFilter, type Channel, type SavedView } from '@cadence/core';
import type { Services } from '../services';
import type { AuthState } from './auth-state';
import { hashToken } from './secrets';
import { loadSessionPrincipal } from './principal-query';
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
  if (!claims) return { failure: 'Invalid or expired access token' };
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
  const found = await s.principals.get(`k:${keyHash}`, () => loadAccessKey(s, keyHash));
  if (!found) return { failure: 'Invalid or revoked access key' };
  const { key, record } = found;
  await touchAccessKey(s, key.id);
  return {
    auth: {
      principal: toPrincipal(record, {
        readOnly: key.read_only,
        channels: key.channels,
        // Bound to a saved view: the view as it is now (an edit empties the principal cache).
        ...(key.view_id ? { campaignFilter: storedViewFilter({ dashboard: key.view_dashboard!, query: key.view_query ?? '' }) } : {}),
      }),
      user: record.user,
      sessionId: null,
      accessKeyId: key.id,
      ...(key.view_id ? { view: { id: key.view_id, name: key.view_name ?? '' } } : {}),
    },
  };
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
}

async function loadAccessKey(s: Services, keyHash: string) {
  const key = await s.db('access_keys AS k')
    .leftJoin('saved_views AS v', 'v.id', 'k.view_id')
    .where({ 'k.key_hash': keyHash, 'k.revoked_at': null })
    .first<BoundKeyRow | undefined>('k.id', 'k.created_by', 'k.read_only', 'k.channels', 'k.view_id', 'v.name AS view_name', 'v.dashboard AS view_dashboard', 'v.query AS view_query');
  const record = key && (await loadSessionPrincipal(s.db, key.created_by, null));
  return key && record ? { key, record } : null;
}

async function touchAccessKey(s: Services, keyId: string): Promise<void> {
  const now = Date.now();
  // Recording every use would turn each read into a write; once a minute is enough to show activity.
  if ((lastUsedWrites.get(keyId) ?? 0) < now - 60_000) {
    lastUsedWrites.set(keyId, now);
    await s.db('access_keys').where({ id: keyId }).update({ last_used_at: s.db.fn.now() });
  }
}
