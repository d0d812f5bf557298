import type { Baseline, CadenceAdminClient } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

// Saved baselines from the command line (docs/adr/0063-baselines.md): the team's named moments of
// the plan. The server decides who may save, rename and delete; the CLI only names them.

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A baseline by id, or by name ignoring case (names are unique ignoring case). */
async function findBaseline(c: CadenceAdminClient, nameOrId: string): Promise<Baseline> {
  const all = await c.baselines.list();
  const found = all.find((b) => (ID.test(nameOrId) && b.id === nameOrId.toLowerCase()) || b.name.toLowerCase() === nameOrId.trim().toLowerCase());
  if (!found) throw new CliError(`No saved baseline named "${nameOrId}": \`cadence baselines list\` shows them`);
  return found;
}

const moment = (at: string) => at.slice(0, 19).replace('T', ' ') + ' UTC';
const who = (b: Baseline) => b.created_by_email ?? '(deleted user)';

export async function listBaselines(ctx: CommandContext): Promise<void> {
  const all = await client(ctx).baselines.list();
  ctx.out.result(all, () =>
    all.length ? table([['NAME', 'MOMENT', 'SAVED BY', 'ID'], ...all.map((b) => [b.name, moment(b.at), who(b), b.id])]) : ['No saved baselines yet'],
  );
}

export async function saveBaseline(ctx: CommandContext, name: string, opts: { at?: string }): Promise<void> {
  // Without --at the plan as it is now; the server refuses a moment in the future (400 on at).
  const saved = await client(ctx).baselines.create({ name, at: opts.at ?? new Date().toISOString() });
  ctx.out.result(saved, () => [`Saved baseline "${saved.name}" at ${moment(saved.at)} (${saved.id})`]);
}

export async function renameBaseline(ctx: CommandContext, nameOrId: string, newName: string): Promise<void> {
  const c = client(ctx);
  const current = await findBaseline(c, nameOrId);
  const renamed = await c.baselines.update(current.id, { name: newName });
  ctx.out.result(renamed, () => [`Renamed baseline "${current.name}" to "${renamed.name}"`]);
}

export async function deleteBaseline(ctx: CommandContext, nameOrId: string): Promise<void> {
  const c = client(ctx);
  const b = await findBaseline(c, nameOrId);
  if (!ctx.globals.yes && !(await ctx.prompt.confirm(`Delete the baseline "${b.name}" (${moment(b.at)})? The team loses it from "Compare with…".`))) {
    ctx.out.info('Cancelled');
    return;
  }
  await c.baselines.remove(b.id);
  // A baseline is only a name and a moment: saving both again is its undo (while history still holds the moment).
  ctx.out.success(`Deleted baseline "${b.name}". To undo: cadence baselines save ${JSON.stringify(b.name)} --at ${b.at}`);
}
