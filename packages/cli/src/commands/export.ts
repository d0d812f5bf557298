import { writeFile } from 'node:fs/promises';
import { campaignsToIcs, isYmd, joinCommaList, tasksToCsv, toCsv, type Campaign, type Channel, type TaskListStatus } from '@cadence/core';
import { CAMPAIGN_IMPORT } from '@cadence/core/schemas';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { clientFor, resolveTarget } from '../session';
import { parseChannel } from '../users';
import { findView, viewListQuery } from './views';

interface ExportOptions {
  format?: string;
  channel?: string[];
  from?: string;
  to?: string;
  out?: string;
  view?: string;
  /** `export tasks`: open, done or all (default all); only the caller's; only one campaign's. */
  status?: string;
  mine?: boolean;
  campaign?: string;
}

const TASK_STATUSES: readonly TaskListStatus[] = ['open', 'done', 'all'];
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `cadence export tasks`: the tasks of every campaign the caller may read (My work's list, by due
 * date, undated last) as CSV: campaign, title, assignee e-mail, due date, status, required.
 */
async function exportTasks(ctx: CommandContext, opts: ExportOptions): Promise<void> {
  if ((opts.format ?? 'csv') !== 'csv') throw usageError('Tasks export as csv only (their calendar is `GET /api/calendar.ics?tasks=todo`)');
  for (const flag of ['channel', 'from', 'to', 'view'] as const) {
    if (opts[flag] !== undefined) throw usageError(`--${flag} is for campaigns; tasks take --status, --mine and --campaign`);
  }
  const status = (opts.status ?? 'all') as TaskListStatus;
  if (!TASK_STATUSES.includes(status)) throw usageError(`--status must be one of ${TASK_STATUSES.join(', ')}, not "${opts.status}"`);
  if (opts.campaign !== undefined && !ID.test(opts.campaign)) throw usageError(`--campaign must be a campaign's id (got "${opts.campaign}")`);
  const client = clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
  const rows = await client.tasks.mine({ status, ...(opts.mine ? { assignee: 'me' as const } : {}), ...(opts.campaign ? { campaign: opts.campaign.toLowerCase() } : {}) });
  const text = tasksToCsv(rows);
  if (opts.out) {
    await writeFile(opts.out, text);
    ctx.out.success(`Exported ${rows.length} task(s) to ${opts.out}`);
  } else {
    process.stdout.write(text);
    ctx.out.info(`Exported ${rows.length} task(s)`);
  }
}

function cell(c: Campaign, column: string): string {
  const value = (c as unknown as Record<string, unknown>)[column];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return column === 'landing_page_urls' ? value.join('\n') : joinCommaList(value as string[]);
  return String(value);
}

/** The same columns `cadence import campaigns` reads, so an export imports back as it was. */
export const campaignsToCsv = (rows: Campaign[]) => toCsv([[...CAMPAIGN_IMPORT.columns], ...rows.map((c) => CAMPAIGN_IMPORT.columns.map((col) => cell(c, col)))]);

export async function exportCampaigns(ctx: CommandContext, what: string, opts: ExportOptions): Promise<void> {
  if (what === 'tasks') return exportTasks(ctx, opts);
  if (what !== 'campaigns') throw usageError(`Only campaigns and tasks can be exported, not "${what}"`);
  for (const flag of ['status', 'mine', 'campaign'] as const) {
    if (opts[flag] !== undefined) throw usageError(`--${flag} is for tasks`);
  }
  const format = opts.format ?? 'csv';
  if (format !== 'csv' && format !== 'ics') throw usageError(`--format must be csv or ics, not "${format}"`);
  for (const [flag, value] of [['--from', opts.from], ['--to', opts.to]] as const) {
    if (value !== undefined && !isYmd(value)) throw usageError(`${flag} must be a date as YYYY-MM-DD, not "${value}"`);
  }
  const channels: Channel[] = (opts.channel ?? []).flatMap((c) => c.split(',')).map((c) => parseChannel(c.trim()));
  if (opts.view !== undefined && channels.length) throw usageError('--view and --channel do not combine: the view says its channels');
  const client = clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
  // A saved view's filters go through the list's own parameters, so the export is what the view shows.
  const view = opts.view !== undefined ? await findView(client, opts.view) : undefined;
  const query = { ...(view ? viewListQuery(view) : {}), ...(opts.from ? { from: opts.from } : {}), ...(opts.to ? { to: opts.to } : {}) };
  const lists = channels.length ? await Promise.all(channels.map((channel) => client.campaigns.list({ ...query, channel }))) : [await client.campaigns.list(query)];
  const seen = new Set<string>();
  const rows = lists.flat().filter((c) => !seen.has(c.id) && !!seen.add(c.id));
  const text = format === 'csv' ? campaignsToCsv(rows) : campaignsToIcs(rows, { name: view ? `Cadence: ${view.name}` : channels.length ? `Cadence: ${channels.join(', ')}` : 'Cadence campaigns' });
  if (opts.out) {
    await writeFile(opts.out, text);
    ctx.out.success(`Exported ${rows.length} campaign(s) to ${opts.out}`);
  } else {
    process.stdout.write(text);
    ctx.out.info(`Exported ${rows.length} campaign(s)`);
  }
}
