import type { Session } from '@cadence/core';
import type { Knex } from 'knex';
import type { Services } from '../services';
import { hashToken, randomToken } from './secrets';
import { presentUser, type UserRow } from './users';

// One key for every account creation (sign-up, first SSO sign-in): serialises "is this the first account?" across processes.
export const FIRST_ADMIN_LOCK = 727_001;

/** A new refresh token in the family and an access token for it: what every sign-in and refresh answers. */
export async function issueSession(s: Services, db: Knex, user: UserRow, familyId: string): Promise<Session> {
  const refreshToken = randomToken();
  const ttlMs = s.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;
  await db('refresh_tokens').insert({
    user_id: user.id,
    family_id: familyId,
    token_hash: hashToken(refreshToken),
    expires_at: new Date(Date.now() + ttlMs),
  });
  const { token, expiresAt } = await s.jwt.sign({ userId: user.id, sessionId: familyId });
  return {
    access_token: token,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: s.jwt.ttlSeconds,
    expires_at: expiresAt,
    user: presentUser(user),
  };
}

