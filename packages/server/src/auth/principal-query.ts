import type { Channel, PermissionType, Role } from '@cadence/core';
import type { Knex } from 'knex';
import type { PrincipalRecord, UserRow } from './users';

/**
 * The caller's account, role, permissions and (for a session) whether it was revoked, in one
 * round trip: this runs on every authenticated request.
 */
export async function loadSessionPrincipal(db: Knex, userId: string, sessionId: string | null): Promise<(PrincipalRecord & { revoked: boolean }) | null> {
  const result = await db.raw(
    `SELECT u.id, u.email, u.password_hash, u.email_confirmed_at, u.created_at,
            (SELECT r.role FROM user_roles r WHERE r.user_id = u.id) AS role,
            coalesce((SELECT json_agg(json_build_object('permission_type', p.permission_type, 'channel', p.channel)
                                      ORDER BY p.permission_type, p.channel)
                      FROM user_permissions p WHERE p.user_id = u.id), '[]'::json) AS permissions,
            (?::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = ?::uuid AND t.revoked_at IS NOT NULL)) AS revoked
       FROM users u WHERE u.id = ?`,
    [sessionId, sessionId, userId],
  );
  const row = (result.rows ?? result)[0] as
    | (UserRow & { role: Role | null; permissions: string | Array<{ permission_type: PermissionType; channel: Channel | null }>; revoked: boolean })
    | undefined;
  if (!row) return null;
  const { role, permissions, revoked, ...user } = row;
  return {
    user,
    role: role ?? null,
    permissions: typeof permissions === 'string' ? JSON.parse(permissions) : permissions,
    revoked: !!revoked,
  };
}
