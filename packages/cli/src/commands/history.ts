import { CadenceApiError, type HistoryEntry, type HistoryQuery } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { clientFor, resolveTarget } from '../session';

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

export interface HistoryOptions {
  resource?: string;
  id?: string;
  actor?: string;
  since?: string;
  until?: string;
  pageSize?: string;
}

const short = (v: unknown): string => {
  const text = v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/** One line per entry: when, who, what, and for an update each field's old → new value. */
export function entryLine(e: HistoryEntry): string {
  const who = e.actor?.email ?? e.actor?.id ?? 'system';
  const via = e.key ? ` (key ${e.key.name ?? e.key.id})` : '';
  const what = `${e.action} ${e.resource}${e.row_id ? ` ${e.row_id}` : ''}`;
  const detail = e.changes
    ? Object.entries(e.changes).map(([f, c]) => `${f}: ${short(c.before)} → ${short(c.after)}`).join('; ')
    : e.action === 'import'
      ? `${String(e.row?.imported ?? '?')} rows`
      : '';
  const reverts = e.reverts ? ` [reverts #${e.reverts}]` : '';
  return [`#${e.id}`, e.at.slice(0, 19).replace('T', ' '), `${who}${via}`, `${what}${reverts}`, detail].filter(Boolean).join('  ');
}

/** Writes and waits while the pipe is full, so a slow reader holds the CLI back instead of its memory filling up. */
function writer(stream: NodeJS.WritableStream) {
  return (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (stream.write(text, (err) => err && reject(err))) resolve();
      else stream.once('drain', resolve);
    });
}

/**
 * Prints the entries newest first, a page at a time as the server sends them: only one page
 * is ever held, so a year of history streams through in constant memory. `--json` prints JSON
 * Lines (one entry object per line), which a reader can also take line by line.
 */
export async function listHistory(ctx: CommandContext, opts: HistoryOptions, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  const limit = opts.pageSize === undefined ? 500 : Number(opts.pageSize);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw usageError('--page-size must be a whole number from 1 to 500');
  const query: Omit<HistoryQuery, 'cursor'> = { limit };
  for (const key of ['resource', 'id', 'actor', 'since', 'until'] as const) if (opts[key] !== undefined) (query as Record<string, string>)[key] = opts[key]!;
  const write = writer(stdout);
  let count = 0;
  for await (const page of client(ctx).history.pages(query)) {
    await write(page.map((e) => `${ctx.out.json ? JSON.stringify(e) : entryLine(e)}\n`).join(''));
    count += page.length;
  }
  if (!ctx.out.json && count === 0) ctx.out.info('No history entries');
}

export async function revertHistory(ctx: CommandContext, entry: string, opts: { dryRun?: boolean }): Promise<void> {
  const id = entry.replace(/^#/, '');
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw usageError('ENTRY must be an entry number, e.g. 1234 (the # column of `cadence history`)');
  try {
    const result = await client(ctx).history.revert(id, { dryRun: !!opts.dryRun });
    ctx.out.result(result, () => {
      const plan = result.plan;
      const what = plan.kind === 'update' ? `set ${Object.entries(plan.patch ?? {}).map(([f, v]) => `${f} = ${short(v)}`).join('; ')}` : plan.kind === 'recreate' ? 'recreate the deleted row' : 'delete the created row';
      return [opts.dryRun ? `Would ${what}` : `Reverted #${id}: ${what}${result.entry_id ? ` (entry #${result.entry_id})` : ''}`];
    });
  } catch (err) {
    if (err instanceof CadenceApiError && err.code === 'revert_conflict') {
      // Names the fields, so the person knows what to look at before reverting by hand.
      const fields = err.details.map((d) => d.path).filter(Boolean);
      throw new CliError(`Not reverted: ${err.message}${fields.length ? ` (fields: ${fields.join(', ')})` : ''}`);
    }
    throw err;
  }
}
