import type { Permission } from '@cadence/core';
import {
  listUsersResponseSchema,
  permissionGrantSchema,
  permissionRevokeQuerySchema,
  permissionSchema,
  roleSetSchema,
  userRoleSchema,
} from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { recordMark } from '../../data/changes';
import { recordHistory } from '../../history/record';
import { principalTransaction } from '../../auth/principal-cache';
import { iso } from '../../data/present';
import { fieldError, notFound } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';

const TAG = 'Users and permissions';

async function requireUser(db: Knex, id: string): Promise<void> {
  if (!(await db('users').where({ id }).first('id'))) throw notFound('User');
}

const presentPermission = (raw: Permission & { created_at: Date | string }): Permission => ({
  id: raw.id,
  user_id: raw.user_id,
  permission_type: raw.permission_type,
  channel: raw.channel,
  created_by: raw.created_by,
  created_at: iso(raw.created_at)!,
});

export function userRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: '/api/functions/list-users', tag: TAG, access: 'admin', summary: 'Every user, by e-mail',
    response: listUsersResponseSchema,
    handler: async () => {
      const rows: Array<{ id: string; email: string; role: string | null }> = await s
        .db('users')
        .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
        .select('users.id', 'users.email', 'user_roles.role')
        .orderBy('users.email');
      return { users: rows.map((u) => ({ id: u.id, email: u.email, admin: u.role === 'admin' })) };
    },
  });

  t.add({
    method: 'get', path: '/api/users/:id/permissions', tag: TAG, access: 'admin', summary: "A user's permission records",
    response: z.array(permissionSchema),
    handler: async ({ params }) => {
      await requireUser(s.db, params.id!);
      const rows = await s.db('user_permissions').where({ user_id: params.id }).orderBy(['permission_type', 'channel']);
      return rows.map(presentPermission);
    },
  });

  t.add({
    method: 'post', path: '/api/users/:id/permissions', tag: TAG, access: 'admin', status: 201,
    summary: 'Grant a permission (granting twice is harmless)', body: permissionGrantSchema, response: permissionSchema,
    handler: async ({ params, body, auth, ctx }) =>
      principalTransaction(s, async (trx) => {
        await requireUser(trx, params.id!);
        const channel = body.channel ?? null;
        const existing = await trx('user_permissions')
          .where({ user_id: params.id, permission_type: body.permission_type })
          .andWhere((q) => (channel ? q.where({ channel }) : q.whereNull('channel')))
          .first();
        if (existing) {
          // Granted by hand now: a single sign-on sync will no longer take it away.
          if (existing.source === 'sso') await trx('user_permissions').where({ id: existing.id }).update({ source: 'manual' });
          ctx.status = 200;
          ctx.body = presentPermission(existing);
          return undefined;
        }
        const [row] = await trx('user_permissions')
          .insert({ user_id: params.id, permission_type: body.permission_type, channel, created_by: auth.principal.userId })
          .returning('*');
        const permission = presentPermission(row);
        await recordMark(trx, 'permissions', 'insert', permission.id, permission);
        await recordHistory(trx, { resource: 'permissions', rowId: permission.id, action: 'grant', row: permission });
        return permission;
      }),
  });

  t.add({
    method: 'delete', path: '/api/users/:id/permissions', tag: TAG, access: 'admin', status: 204,
    summary: 'Revoke a permission (?permission_type=…&channel=…); takes effect on the next request',
    query: permissionRevokeQuerySchema,
    handler: async ({ params, query }) =>
      principalTransaction(s, async (trx) => {
        await requireUser(trx, params.id!);
        const channel = query.channel ?? null;
        const removed = await trx('user_permissions')
          .where({ user_id: params.id, permission_type: query.permission_type })
          .andWhere((q) => (channel ? q.where({ channel }) : q.whereNull('channel')))
          .delete()
          .returning('*');
        for (const r of removed) {
          await recordMark(trx, 'permissions', 'delete', r.id, presentPermission(r));
          await recordHistory(trx, { resource: 'permissions', rowId: r.id, action: 'revoke', row: presentPermission(r) });
        }
      }),
  });

  t.add({
    method: 'get', path: '/api/users/:id/role', tag: TAG, access: 'admin', summary: "A user's role (admin or null)",
    response: userRoleSchema.extend({ role: userRoleSchema.shape.role.nullable() }),
    handler: async ({ params }) => {
      await requireUser(s.db, params.id!);
      const row = await s.db('user_roles').where({ user_id: params.id }).first('role');
      return { user_id: params.id, role: row?.role ?? null };
    },
  });

  t.add({
    method: 'put', path: '/api/users/:id/role', tag: TAG, access: 'admin',
    summary: 'Make a user an administrator, or not; the last administrator cannot be removed',
    body: roleSetSchema, response: userRoleSchema.extend({ role: userRoleSchema.shape.role.nullable() }),
    handler: async ({ params, body }) =>
      principalTransaction(s, async (trx) => {
        await requireUser(trx, params.id!);
        await trx.raw('SELECT pg_advisory_xact_lock(727002)');
        const was = ((await trx('user_roles').where({ user_id: params.id }).first('role')) as { role: string } | undefined)?.role ?? null;
        if (body.role === 'admin') {
          await trx('user_roles').insert({ user_id: params.id, role: 'admin', source: 'manual' }).onConflict('user_id').merge(['source']);
        } else {
          const others = await trx('user_roles').where({ role: 'admin' }).whereNot({ user_id: params.id }).first('user_id');
          if (!others) throw fieldError('role', 'Cannot remove the last administrator');
          await trx('user_roles').where({ user_id: params.id }).delete();
        }
        const row = { user_id: params.id!, role: body.role };
        await recordMark(trx, 'permissions', 'update', params.id!, row);
        if (was !== body.role) await recordHistory(trx, { resource: 'roles', rowId: params.id!, action: 'role', changes: { role: { before: was, after: body.role } } });
        return row;
      }),
  });
}
