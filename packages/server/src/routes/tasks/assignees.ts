import { can, type CampaignAccessFields, type Channel, type PermissionType, type Principal, type Role, type TaskAssignee } from '@cadence/core';
import type { Knex } from 'knex';
import { fieldError } from '../../errors';

// Who a campaign's tasks may be assigned to: the users who may read the campaign, judged by core's
// `can()` with each user's own rights (docs/adr/0049).

interface UserRights {
  id: string;
  email: string;
  role: Role | null;
  permissions: string | Array<{ permission_type: PermissionType; channel: Channel | null }>;
}

/** Users with their role and permission records, one query (all of them, or those of `ids`). */
export async function usersWithRights(db: Knex, ids?: readonly string[]): Promise<Array<TaskAssignee & { principal: Principal }>> {
  const q = db('users as u')
    .leftJoin('user_roles as r', 'r.user_id', 'u.id')
    .select(
      'u.id',
      'u.email',
      'r.role',
      db.raw(`coalesce((SELECT json_agg(json_build_object('permission_type', p.permission_type, 'channel', p.channel))
                          FROM user_permissions p WHERE p.user_id = u.id), '[]'::json) AS permissions`),
    )
    .orderByRaw('lower(u.email) COLLATE "C", u.id');
  if (ids) q.whereIn('u.id', [...ids]);
  const rows: UserRights[] = await q;
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    principal: { userId: u.id, role: u.role ?? null, permissions: typeof u.permissions === 'string' ? JSON.parse(u.permissions) : u.permissions },
  }));
}

/** Everyone who may read the campaign, by e-mail: whom its tasks may be assigned to. */
export async function assigneesOf(db: Knex, campaign: CampaignAccessFields): Promise<TaskAssignee[]> {
  return (await usersWithRights(db)).filter((u) => can(u.principal, 'read', 'campaign', campaign)).map(({ id, email }) => ({ id, email }));
}

/** Refuses (400 on `assignee_id`) a user who does not exist or may not read the campaign. */
export async function checkAssignee(db: Knex, assigneeId: string, campaign: CampaignAccessFields): Promise<void> {
  const [user] = await usersWithRights(db, [assigneeId]);
  if (!user) throw fieldError('assignee_id', 'No such user');
  if (!can(user.principal, 'read', 'campaign', campaign)) throw fieldError('assignee_id', 'This user may not see the campaign, so cannot be assigned its tasks');
}
