import type { Channel } from '@cadence/core';
import type { Services } from '../services';
import { hashToken } from './secrets';
import { loadSessionPrincipal } from './principal-query';
import { toPrincipal } from './users';
import type { AuthState } from '../http/authenticate';

export const ACCESS_KEY_PREFIX = 'cad_';

export type CredentialResult = { auth: AuthState } | { failure: string };

const lastUsedWrites = new Map<string, number>();

/**
 * Resolves a bearer credential: a session's access token (JWT) or a long-lived access key.
 * Role and permissions are read fresh each time, so revocations apply at once.
 */
export async function resolveCredential(s: Services, token: string): Promise<CredentialResult> {
  if (token.startsWith(ACCESS_KEY_PREFIX)) return resolveAccessKey(s, token);
  const claims = await s.jwt.verify(token);
  if (!claims) return { failure: 'Invalid or expired access token' };
  const record = await loadSessionPrincipal(s.db, claims.userId, claims.sessionId);
  if (!record || record.revoked) return { failure: 'This session has ended. Sign in again.' };
  return { auth: { principal: toPrincipal(record), user: record.user, sessionId: claims.sessionId } };
}

async function resolveAccessKey(s: Services, secret: string): Promise<CredentialResult> {
  const key = await s.db('access_keys')
    .where({ key_hash: hashToken(secret), revoked_at: null })
    .first<{ id: string; created_by: string; read_only: boolean; channels: Channel[] | null } | undefined>(
      'id',
      'created_by',
      'read_only',
      'channels',
    );
  if (!key) return { failure: 'Invalid or revoked access key' };
  const record = await loadSessionPrincipal(s.db, key.created_by, null);
  if (!record) return { failure: 'Invalid or revoked access key' };
  const now = Date.now();
  // Recording every use would turn each read into a write; once a minute is enough to show activity.
  if ((lastUsedWrites.get(key.id) ?? 0) < now - 60_000) {
    lastUsedWrites.set(key.id, now);
    await s.db('access_keys').where({ id: key.id }).update({ last_used_at: s.db.fn.now() });
  }
  return {
    auth: {
      principal: toPrincipal(record, { readOnly: key.read_only, channels: key.channels }),
      user: record.user,
      sessionId: null,
      accessKeyId: key.id,
    },
  };
}
