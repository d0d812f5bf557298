import { parseSsoGrant, type SsoMappingRecord } from '@cadence/core';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

/** `cadence sso map marketing-email channel_create:email`: the claim value grants this at each sign-in and refresh. */
export async function mapGroup(ctx: CommandContext, value: string, grants: string[], opts: { claim?: string }): Promise<void> {
  for (const grant of grants) {
    if (!parseSsoGrant(grant)) {
      throw usageError(`Unknown grant "${grant}": use admin, global_view, global_create, channel_view:<channel> or channel_create:<channel>`);
    }
  }
  const created: SsoMappingRecord[] = [];
  for (const grant of grants) created.push(await client(ctx).ssoMappings.create({ claim: opts.claim ?? 'groups', value, grant }));
  ctx.out.result(created, () => created.map((m) => `${m.claim} contains "${m.value}" → ${m.grant} (${m.id})`));
  ctx.out.info('Each user gets this at their next single sign-on or refresh check.');
}

export async function listMappings(ctx: CommandContext): Promise<void> {
  const mappings = await client(ctx).ssoMappings.list();
  ctx.out.result(mappings, () =>
    mappings.length ? table([['ID', 'CLAIM', 'VALUE', 'GRANT'], ...mappings.map((m) => [m.id, m.claim, m.value, m.grant])]) : ['No mappings'],
  );
}

export async function unmap(ctx: CommandContext, id: string): Promise<void> {
  await client(ctx).ssoMappings.remove(id);
  ctx.out.success(`Removed mapping ${id}; users lose what it granted at their next check (grants made by hand stay)`);
}
