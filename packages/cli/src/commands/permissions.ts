import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CadenceAdminClient, PermissionType } from '@cadence/core';
import { PERMISSION_TYPES } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { color } from '../output';
import { parsePermissionsFile, planUser, specKey, type PermissionSpec, type UserPlan } from '../permission-plan';
import { clientFor, resolveTarget } from '../session';
import { parseChannel, userIdByEmail, userIdsByEmail } from '../users';

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

async function current(c: CadenceAdminClient, userId: string): Promise<PermissionSpec[]> {
  return (await c.users.permissions(userId)).map((p) => ({ permission_type: p.permission_type, channel: p.channel }));
}

function specsFrom(type: string, channels: string[] | undefined): PermissionSpec[] {
  if (!(PERMISSION_TYPES as readonly string[]).includes(type)) throw usageError(`Unknown permission "${type}". One of: ${PERMISSION_TYPES.join(', ')}`);
  const t = type as PermissionType;
  if (t.startsWith('channel_')) {
    if (!channels?.length) throw usageError(`${t} needs --channel, e.g. --channel email`);
    return channels.map((c) => ({ permission_type: t, channel: parseChannel(c) }));
  }
  if (channels?.length) throw usageError(`${t} takes no --channel`);
  return [{ permission_type: t, channel: null }];
}

export async function showPermissions(ctx: CommandContext, email: string): Promise<void> {
  const c = client(ctx);
  const id = await userIdByEmail(c, email);
  const [perms, role] = await Promise.all([current(c, id), c.users.role(id)]);
  ctx.out.result({ email, role: role.role, permissions: perms }, () => [
    `${email}${role.role === 'admin' ? ' (administrator: views and creates everywhere)' : ''}`,
    ...(perms.length ? perms.map((p) => `  ${specKey(p)}`) : ['  no permissions']),
  ]);
}

export async function grantOrRevoke(ctx: CommandContext, mode: 'grant' | 'revoke', email: string, type: string, channels?: string[]) {
  const specs = specsFrom(type, channels);
  const c = client(ctx);
  const id = await userIdByEmail(c, email);
  for (const s of specs) {
    if (mode === 'grant') await c.users.grant(id, s.permission_type, s.channel);
    else await c.users.revoke(id, s.permission_type, s.channel);
  }
  const list = specs.map(specKey).join(', ');
  ctx.out.success(mode === 'grant' ? `Granted ${list} to ${email}` : `Revoked ${list} from ${email}`);
}

function describePlan(plan: UserPlan): string[] {
  if (!plan.grant.length && !plan.revoke.length) return [`${plan.email}: no change`];
  return [
    `${plan.email}:`,
    ...plan.grant.map((p) => color.green(`  + ${specKey(p)}`)),
    ...plan.revoke.map((p) => color.red(`  - ${specKey(p)}`)),
  ];
}

/** Makes each listed user's permissions exactly those in the file; users not listed are left alone. */
export async function applyPermissions(ctx: CommandContext, file: string, opts: { dryRun?: boolean }): Promise<void> {
  const kind = path.extname(file).toLowerCase() === '.json' ? 'json' : path.extname(file).toLowerCase() === '.csv' ? 'csv' : null;
  if (!kind) throw usageError(`${file}: expected a .csv or .json permissions file`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError(`Cannot read ${file}`);
  }
  const input = parsePermissionsFile(text, kind);
  if (input.errors.length) throw new CliError(`${file} has errors; nothing was changed:\n${input.errors.map((e) => `  ${e}`).join('\n')}`);
  const c = client(ctx);
  const ids = await userIdsByEmail(c, input.users.map((u) => u.email));
  const plans = await Promise.all(input.users.map(async (u) => planUser(u.email, await current(c, ids.get(u.email)!), u.permissions)));
  const changes = plans.reduce((n, p) => n + p.grant.length + p.revoke.length, 0);
  if (!opts.dryRun) {
    for (const plan of plans) {
      const id = ids.get(plan.email)!;
      for (const p of plan.grant) await c.users.grant(id, p.permission_type, p.channel);
      for (const p of plan.revoke) await c.users.revoke(id, p.permission_type, p.channel);
    }
  }
  ctx.out.result({ dry_run: !!opts.dryRun, changes, users: plans }, () => plans.flatMap(describePlan));
  ctx.out.info(
    opts.dryRun
      ? `Dry run: ${changes} change(s) would be made for ${plans.length} user(s); nothing was changed`
      : `${changes} change(s) made for ${plans.length} user(s)`,
  );
}
