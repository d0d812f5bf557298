import type { CommandContext } from '../context';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';
import { parseChannel } from '../users';

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

export async function createKey(ctx: CommandContext, opts: { name: string; readOnly?: boolean; channels?: string[] }): Promise<void> {
  const channels = opts.channels?.flatMap((c) => c.split(',')).map((c) => parseChannel(c.trim()));
  const key = await client(ctx).accessKeys.create({ name: opts.name, read_only: !!opts.readOnly, channels: channels?.length ? channels : null });
  ctx.out.result(key, () => [key.secret]);
  ctx.out.info(
    `Created ${key.read_only ? 'read-only' : 'read-write'} key "${key.name}" (${key.id})${key.channels ? ` for ${key.channels.join(', ')}` : ''}. ` +
      'The secret above is shown only once: store it now.',
  );
}

export async function listKeys(ctx: CommandContext): Promise<void> {
  const keys = await client(ctx).accessKeys.list();
  ctx.out.result(keys, () =>
    keys.length
      ? table([
          ['ID', 'NAME', 'ACCESS', 'CHANNELS', 'CREATED', 'LAST USED'],
          ...keys.map((k) => [k.id, k.name, k.read_only ? 'read-only' : 'read-write', k.channels?.join(',') ?? 'all', k.created_at.slice(0, 10), k.last_used_at?.slice(0, 16).replace('T', ' ') ?? 'never']),
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
