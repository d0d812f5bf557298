import type { CommandContext } from '../context';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

/** Stakeholder links (docs/adr/0061): yours, or an administrator's view of everyone's. */
export async function listLinks(ctx: CommandContext, opts: { all?: boolean }): Promise<void> {
  const links = await client(ctx).shareLinks.list({ all: !!opts.all });
  const state = (l: (typeof links)[number]) => (l.revoked_at ? 'revoked' : l.expired ? 'expired' : 'open');
  ctx.out.result(links, () =>
    links.length
      ? table([
          ['ID', 'VIEW', 'SHARED BY', 'EXPIRES', 'STATE', 'PASSWORD', 'VISITS', 'FIELDS'],
          ...links.map((l) => [l.id, l.view_name, l.created_by_email, l.expires_on, state(l), l.has_password ? 'yes' : 'no', String(l.visits), l.fields.join(',') || '-']),
        ])
      : [opts.all ? 'No stakeholder links' : 'No open stakeholder links'],
  );
}

export async function revokeLink(ctx: CommandContext, id: string): Promise<void> {
  if (!ctx.globals.yes && !(await ctx.prompt.confirm(`Revoke link ${id}? Anyone using it loses the page at once.`))) {
    ctx.out.info('Cancelled');
    return;
  }
  await client(ctx).shareLinks.revoke(id);
  ctx.out.success(`Revoked link ${id}`);
}
