import type { Channel, PermissionType, Principal, Role, User } from '@cadence/core';
import type { Db } from '../db/connect';

export interface UserRow {
  id: string;
  email: string;
  /** Null for an account made by single sign-on. */
  password_hash: string | null;
  email_confirmed_at: Date | null;
  created_at: Date;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function presentUser(row: Pick<UserRow, 'id' | 'email' | 'email_confirmed_at' | 'created_at'>): User {
  return {
    id: row.id,
    email: row.email,
    email_confirmed_at: row.email_confirmed_at ? new Date(row.email_confirmed_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export const findUserByEmail = (db: Db, email: string) =>
  db<UserRow>('users').whereRaw('lower(email) = ?', [normalizeEmail(email)]).first();

export const findUserById = (db: Db, id: string) => db<UserRow>('users').where({ id }).first();

export interface PrincipalRecord {
  user: UserRow;
  role: Role | null;
  permissions: Array<{ permission_type: PermissionType; channel: Channel | null }>;
}

/** Role and permissions are read on every request, so a revoked right stops working at once. */
export async function loadPrincipalRecord(db: Db, userId: string): Promise<PrincipalRecord | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const [role, permissions] = await Promise.all([
    db('user_roles').where({ user_id: userId }).first<{ role: Role } | undefined>('role'),
    db('user_permissions')
      .where({ user_id: userId })
      .orderBy(['permission_type', 'channel'])
      .select<Array<{ permission_type: PermissionType; channel: Channel | null }>>('permission_type', 'channel'),
  ]);
  return { user, role: role?.role ?? null, permissions };
}

export const toPrincipal = (r: PrincipalRecord, extra: Partial<Principal> = {}): Principal => ({
  userId: r.user.id,
  role: r.role,
  permissions: r.permissions,
  ...extra,
});
