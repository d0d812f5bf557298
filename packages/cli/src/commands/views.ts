import { savedViewFilter, savedViewHref, type CadenceAdminClient, type SavedView } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

const target = (ctx: CommandContext) => resolveTarget(ctx.globals, ctx.env);

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A view by id, or by name ignoring case; a name two views share is refused with their ids. */
export async function findView(client: CadenceAdminClient, nameOrId: string): Promise<SavedView> {
  const views = await client.views.list();
  const byId = ID.test(nameOrId) ? views.find((v) => v.id === nameOrId.toLowerCase()) : undefined;
  if (byId) return byId;
  const named = views.filter((v) => v.name.toLowerCase() === nameOrId.trim().toLowerCase());
  if (named.length === 1) return named[0]!;
  if (!named.length) throw new CliError(`No saved view named "${nameOrId}": \`cadence views list\` shows yours and the shared ones`);
  throw new CliError(
    `${named.length} views are named "${nameOrId}" (${named.map((v) => `${v.id} ${v.shared ? 'shared' : 'personal'}`).join(', ')}): give the id instead`,
  );
}

/** The list parameters a view applies: its filters, and on a channel dashboard that channel (as its count). */
export function viewListQuery(v: SavedView): Record<string, unknown> {
  const parsed = savedViewFilter(v.dashboard, v.query);
  if (!parsed.filter) throw new CliError(`View "${v.name}" has a link this version cannot read: ${parsed.dropped.map((d) => d.param).join(', ')}`);
  return { ...parsed.filter };
}

const kind = (v: SavedView) => (v.shared ? 'shared' : 'personal');
const owner = (v: SavedView) => v.created_by_email ?? '(deleted user)';

export async function listViews(ctx: CommandContext): Promise<void> {
  const client = clientFor(target(ctx), ctx.env);
  const [views, { counts }] = await Promise.all([client.views.list(), client.views.counts()]);
  const rows = views.map((v) => ({ ...v, count: counts[v.id] ?? 0 }));
  ctx.out.result(rows, () =>
    rows.length
      ? table([['NAME', 'DASHBOARD', 'SHARING', 'CAMPAIGNS', 'OWNER', 'ID'], ...rows.map((v) => [v.name, v.dashboard, kind(v), String(v.count), owner(v), v.id])])
      : ['No saved views'],
  );
}

export async function showView(ctx: CommandContext, nameOrId: string): Promise<void> {
  const t = target(ctx);
  const client = clientFor(t, ctx.env);
  const view = await findView(client, nameOrId);
  const { counts } = await client.views.counts();
  const link = `${t.apiUrl}${savedViewHref(view)}`;
  const result = { ...view, count: counts[view.id] ?? 0, link };
  ctx.out.result(result, () => [
    `Name:       ${view.name}`,
    `Dashboard:  ${view.dashboard}`,
    `Sharing:    ${kind(view)}`,
    `Query:      ${view.query || '(the dashboard as it opens)'}`,
    `Campaigns:  ${result.count}`,
    `Owner:      ${owner(view)}`,
    `Updated:    ${view.updated_at.slice(0, 16).replace('T', ' ')}`,
    `ID:         ${view.id}`,
    `Link:       ${link}`,
  ]);
}

export async function deleteView(ctx: CommandContext, nameOrId: string): Promise<void> {
  const client = clientFor(target(ctx), ctx.env);
  const view = await findView(client, nameOrId);
  const question = `Delete the ${kind(view)} view "${view.name}"?${view.shared ? ' Everyone loses it from their side bar.' : ''}`;
  if (!ctx.globals.yes && !(await ctx.prompt.confirm(question))) {
    ctx.out.info('Cancelled');
    return;
  }
  await client.views.remove(view.id, { version: view.version });
  ctx.out.success(`Deleted view "${view.name}" (${view.id}). To undo within 24 hours: cadence views restore ${view.id}`);
}

/** Undo of `delete` (docs/adr/0035): the same view back, by id, for whoever deleted it. */
export async function restoreView(ctx: CommandContext, id: string): Promise<void> {
  // A deleted view is in no list, so no name can find it: only its id.
  if (!ID.test(id)) throw usageError(`"${id}" is not a view id: give the id \`cadence views delete\` printed`);
  const view = await clientFor(target(ctx), ctx.env).views.restore(id);
  ctx.out.success(`Restored view "${view.name}" (${view.id})`);
}
