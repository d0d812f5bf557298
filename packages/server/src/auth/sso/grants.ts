import { formatSsoGrant, grantsFromClaims, parseSsoGrant, planGrantSync, type SsoMapping } from '@cadence/core';
import type { Knex } from 'knex';
import { recordHistory } from '../../history/record';
import { recordMark } from '../../data/changes';
import { iso } from '../../data/present';
import type { Logger } from '../../logger';

// Serialises changes to who is an administrator, with the users routes (the last one is never removed).
const ADMIN_LOCK = 727002;

interface PermissionRow {
  id: string;
  user_id: string;
  permission_type: string;
  channel: string | null;
  created_by: string | null;
  created_at: Date | string;
  source: 'manual' | 'sso';
}

const present = (r: PermissionRow) => ({
  id: r.id,
  user_id: r.user_id,
  permission_type: r.permission_type,
  channel: r.channel,
  created_by: r.created_by,
  created_at: iso(r.created_at)!,
});

/**
 * Brings a user's mapped grants in line with the provider's claims (core's planGrantSync):
 * adds what the claims now earn, removes what only an earlier sync granted, and never touches a
 * grant made by hand. Each change goes to the change log like an administrator's grant.
 */
export async function syncMappedGrants(trx: Knex, userId: string, claims: Record<string, unknown>, log: Logger): Promise<{ add: string[]; remove: string[] }> {
  const mappings = await trx<SsoMapping>('sso_group_mappings').select('claim', 'value', 'grant');
  const earned = grantsFromClaims(mappings, claims);
  const permissions = await trx<PermissionRow>('user_permissions').where({ user_id: userId });
  const role = await trx('user_roles').where({ user_id: userId }).first<{ role: 'admin'; source: 'manual' | 'sso' } | undefined>('role', 'source');
  const key = (r: PermissionRow) => formatSsoGrant({ kind: 'permission', permission_type: r.permission_type as never, channel: r.channel as never });
  const mapped = [...permissions.filter((r) => r.source === 'sso').map(key), ...(role?.source === 'sso' ? ['admin'] : [])];
  const manual = [...permissions.filter((r) => r.source === 'manual').map(key), ...(role?.source === 'manual' ? ['admin'] : [])];
  const plan = planGrantSync(earned, mapped, manual);
  if (!plan.add.length && !plan.remove.length) return plan;

  for (const text of plan.remove) {
    const grant = parseSsoGrant(text)!;
    if (grant.kind === 'role') {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [ADMIN_LOCK]);
      const others = await trx('user_roles').where({ role: 'admin' }).whereNot({ user_id: userId }).first('user_id');
      if (!others) {
        log.warn({ userId }, 'the provider no longer makes this user an administrator, but they are the last one: kept');
        continue;
      }
      await trx('user_roles').where({ user_id: userId, source: 'sso' }).delete();
      await recordMark(trx, 'permissions', 'update', userId, { user_id: userId, role: null });
      await recordHistory(trx, { resource: 'roles', rowId: userId, action: 'role', changes: { role: { before: 'admin', after: null } }, row: { source: 'sso' } });
      continue;
    }
    const removed = await trx<PermissionRow>('user_permissions')
      .where({ user_id: userId, permission_type: grant.permission_type, source: 'sso' })
      .andWhere((q) => (grant.channel ? q.where({ channel: grant.channel }) : q.whereNull('channel')))
      .delete()
      .returning('*');
    for (const r of removed) {
      await recordMark(trx, 'permissions', 'delete', r.id, present(r));
      await recordHistory(trx, { resource: 'permissions', rowId: r.id, action: 'revoke', row: { ...present(r), source: 'sso' } });
    }
  }
  for (const text of plan.add) {
    const grant = parseSsoGrant(text)!;
    if (grant.kind === 'role') {
      const added = await trx('user_roles').insert({ user_id: userId, role: 'admin', source: 'sso' }).onConflict('user_id').ignore().returning('user_id');
      await recordMark(trx, 'permissions', 'update', userId, { user_id: userId, role: 'admin' });
      if (added.length) await recordHistory(trx, { resource: 'roles', rowId: userId, action: 'role', changes: { role: { before: null, after: 'admin' } }, row: { source: 'sso' } });
      continue;
    }
    const [row] = await trx<PermissionRow>('user_permissions')
      .insert({ user_id: userId, permission_type: grant.permission_type, channel: grant.channel, source: 'sso' })
      .returning('*');
    await recordMark(trx, 'permissions', 'insert', row!.id, present(row!));
    await recordHistory(trx, { resource: 'permissions', rowId: row!.id, action: 'grant', row: { ...present(row!), source: 'sso' } });
  }
  log.info({ userId, added: plan.add, removed: plan.remove }, 'single sign-on grants synced');
  return plan;
}
