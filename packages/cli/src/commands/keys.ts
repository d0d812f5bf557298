import type { CommandContext } from '../context';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';
import { parseChannel } from '../users';
import { findView } from './views';

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

export async function createKey(ctx: CommandContext, opts: { name: string; readOnly?: boolean; channels?: string[]; view?: string }): Promise<void> {
  const channels = opts.channels?.flatMap((c) => c.split(',')).map((c) => parseChannel(c.trim()));
  const api = client(ctx);
  // A key bound to a view reads only what the view shows, so it is a read-only key by nature.
  const view = opts.view !== undefined ? await findView(api, opts.view) : undefined;
  const key = await api.accessKeys.create({
    name: opts.name,
    read_only: !!opts.readOnly || !!view,
    channels: channels?.length ? channels : null,
    ...(view ? { view_id: view.id } : {}),
  });
  ctx.out.result(key, () => [key.secret]);
  ctx.out.info(
    `Created ${key.read_only ? 'read-only' : 'read-write'} key "${key.name}" (${key.id})${key.channels ? ` for ${key.channels.join(', ')}` : ''}${view ? ` bound to view "${view.name}"` : ''}. ` +
      'The secret above is shown only once: store it now.',
  );
}

export async function listKeys(ctx: CommandContext): Promise<void> {
  const keys = await client(ctx).accessKeys.list();
  ctx.out.result(keys, () =>
    keys.length
      ? table([
          ['ID', 'NAME', 'ACCESS', 'CHANNELS', 'VIEW', 'CREATED', 'LAST USED'],
          ...keys.map((k) => [k.id, k.name, k.read_only ? 'read-only' : 'read-write', k.channels?.join(',') ?? 'all', k.view_id ?? '-', k.created_at.slice(0, 10), k.last_used_at?.slice(0, 16).replace('T', ' ') ?? 'never']),
        ])
      : ['No access keys'],
  );
}

export async function revokeKey(ctx: CommandContext, id: string): Promise<void> {
  if (!ctx.globals.yes && !(await ctx.prompt.confirm(`Revoke key ${id}? Anything using it stops working.`))) {
    ctx.out.info('Cancelled');
    return;
  }
  await client(ctx).accessKeys.revoke(id);
  ctx.out.success(`Revoked key ${id}`);
}
