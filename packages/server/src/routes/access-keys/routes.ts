import { CONFLICTS_NOT_BINDABLE, viewNeedsWholePlan, type AccessKey } from '@cadence/core';
import { accessKeyCreateSchema, accessKeyCreatedSchema, accessKeySchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ACCESS_KEY_PREFIX } from '../../auth/credentials';
import { hashToken, randomToken } from '../../auth/secrets';
import { iso } from '../../data/present';
import { recordHistory } from '../../history/record';
import { fieldError, notFound } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';

const TAG = 'Access keys';
const COLUMNS = ['id', 'name', 'read_only', 'channels', 'created_by', 'created_at', 'last_used_at', 'view_id'] as const;

type KeyRow = Omit<AccessKey, 'created_at' | 'last_used_at'> & { created_at: Date; last_used_at: Date | null };
const present = (row: KeyRow): AccessKey => ({ ...row, created_at: iso(row.created_at)!, last_used_at: iso(row.last_used_at) });

/**
 * Only a shared view can be bound (a personal one is its owner's alone), only to a read-only key,
 * and not one filtered to Conflicts (docs/adr/0068).
 */
async function checkBindable(trx: Knex, viewId: string, readOnly: boolean): Promise<void> {
  const view = await trx('saved_views').where({ id: viewId }).first('shared', 'dashboard', 'query');
  if (!view) throw fieldError('view_id', 'No saved view has this id');
  if (!view.shared) throw fieldError('view_id', 'Only a shared view can be bound to a key');
  if (!readOnly) throw fieldError('view_id', 'A key bound to a view must be read-only');
  if (viewNeedsWholePlan(view)) throw fieldError('view_id', CONFLICTS_NOT_BINDABLE);
}

export function accessKeyRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: '/api/access-keys', tag: TAG, access: 'admin', summary: 'Active access keys (never their secrets)',
    response: z.array(accessKeySchema),
    handler: async () => (await s.db('access_keys').whereNull('revoked_at').orderBy('created_at', 'desc').select(...COLUMNS)).map(present),
  });
  t.add({
    method: 'post', path: '/api/access-keys', tag: TAG, access: 'admin', status: 201,
    summary:
      'Create a key: read-only (embeds, feeds) or acting as its creator (scripts), optionally limited to channels, or (read-only) bound to a shared saved view, ' +
      'whose campaigns alone it then reads, as the view is now. The secret is shown once.',
    body: accessKeyCreateSchema, response: accessKeyCreatedSchema,
    handler: async ({ body, auth }) => {
      const secret = `${ACCESS_KEY_PREFIX}${randomToken(32)}`;
      const key = await s.db.transaction(async (trx) => {
        if (body.view_id) await checkBindable(trx, body.view_id, body.read_only);
        const [row] = await trx('access_keys')
          .insert({ name: body.name, read_only: body.read_only, channels: body.channels ?? null, view_id: body.view_id ?? null, created_by: auth.principal.userId, key_hash: hashToken(secret) })
          .returning([...COLUMNS]);
        const key = present(row);
        await recordHistory(trx, { resource: 'access-keys', rowId: key.id, action: 'create', row: { ...key } });
        return key;
      });
      return { ...key, secret };
    },
  });
  t.add({
    method: 'delete', path: '/api/access-keys/:id', tag: TAG, access: 'admin', status: 204,
    summary: 'Revoke a key; it stops working on the next request',
    handler: async ({ params }) => {
      const n = await s.db.transaction(async (trx) => {
        const revoked = await trx('access_keys').where({ id: params.id }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() }).returning([...COLUMNS]);
        if (revoked.length) await recordHistory(trx, { resource: 'access-keys', rowId: params.id!, action: 'revoke', row: { ...present(revoked[0]) } });
        return revoked.length;
      });
      s.principals.invalidate();
      if (!n) throw notFound('Access key');
    },
  });
}
