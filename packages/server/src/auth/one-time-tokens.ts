import type { Knex } from 'knex';
import { hashToken, randomToken } from './secrets';

export type OneTimePurpose = 'password_reset' | 'email_confirmation';

export async function issueOneTimeToken(db: Knex, userId: string, purpose: OneTimePurpose, ttlMs: number): Promise<string> {
  const token = randomToken();
  await db('one_time_tokens').insert({ user_id: userId, purpose, token_hash: hashToken(token), expires_at: new Date(Date.now() + ttlMs) });
  return token;
}

/** Spends a token: returns its user when it is valid, unused and unexpired; it cannot be used again. */
export async function consumeOneTimeToken(db: Knex, token: string, purpose: OneTimePurpose): Promise<string | null> {
  const [row] = await db('one_time_tokens')
    .where({ token_hash: hashToken(token), purpose, used_at: null })
    .andWhere('expires_at', '>', db.fn.now())
    .update({ used_at: db.fn.now() })
    .returning('user_id');
  return row?.user_id ?? null;
}
