import { signUpSchema } from '@cadence/core/schemas';
import { randomToken } from './auth/secrets';
import { findUserByEmail, normalizeEmail } from './auth/users';
import { parseOrThrow } from './http/zod-errors';
import type { Services } from './services';

export interface CreateAdminResult {
  email: string;
  created: boolean;
  /** Set when the account was created with a generated password. */
  generatedPassword?: string;
}

/** Makes an address an administrator, creating the account when it does not exist yet. */
export async function createAdmin(s: Services, email: string, password?: string): Promise<CreateAdminResult> {
  const normalized = normalizeEmail(email);
  const existing = await findUserByEmail(s.db, normalized);
  if (existing) {
    await s.db('user_roles').insert({ user_id: existing.id, role: 'admin' }).onConflict('user_id').merge();
    s.principals.invalidate();
    return { email: existing.email, created: false };
  }
  const generated = password ? undefined : randomToken(12);
  const input = parseOrThrow(signUpSchema, { email: normalized, password: password ?? generated });
  const hash = await s.passwords.hash(input.password);
  await s.db.transaction(async (trx) => {
    const [user] = await trx('users').insert({ email: input.email, password_hash: hash }).returning('id');
    await trx('user_roles').insert({ user_id: user.id, role: 'admin' });
  });
  return { email: input.email, created: true, ...(generated ? { generatedPassword: generated } : {}) };
}
