import { TASK_STATUS_LABELS, isOverdue, todayYmd, ymdProblem, type CadenceAdminClient, type Task, type TaskListStatus } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

// A campaign's tasks from the command line (docs/adr/0049-campaign-tasks.md): list, add, mark done.

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: readonly TaskListStatus[] = ['open', 'done', 'all'];

function uuid(value: string, what: string): string {
  if (!ID.test(value)) throw usageError(`${what} must be an id, e.g. 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 (got "${value}")`);
  return value.toLowerCase();
}

export interface ListTasksOptions {
  campaign?: string;
  mine?: boolean;
  status?: string;
}

const matchesStatus = (t: Task, status: TaskListStatus) => status === 'all' || (status === 'done') === (t.status === 'done');

/**
 * Tasks, open ones unless `--status` says: one campaign's in their order (`--campaign`), or across
 * every campaign the caller may read by due date (undated last), `--mine` for the caller's own.
 * Overdue ones (due before today, not done) are marked `!`.
 */
export async function listTasks(ctx: CommandContext, opts: ListTasksOptions): Promise<void> {
  const status = (opts.status ?? 'open') as TaskListStatus;
  if (!STATUSES.includes(status)) throw usageError(`--status must be one of ${STATUSES.join(', ')}`);
  const campaign = opts.campaign === undefined ? undefined : uuid(opts.campaign, '--campaign');
  const api = client(ctx);
  const tasks =
    campaign && !opts.mine
      ? (await api.tasks.list(campaign)).filter((t) => matchesStatus(t, status))
      : await api.tasks.mine({ status, ...(opts.mine ? { assignee: 'me' as const } : {}), ...(campaign ? { campaign } : {}) });
  const today = todayYmd();
  ctx.out.result(tasks, () =>
    tasks.length
      ? table([
          ['', 'DUE', 'STATUS', 'REQUIRED', 'TITLE', 'ASSIGNEE', 'CAMPAIGN', 'ID'],
          ...tasks.map((t) => [
            isOverdue(t, today) ? '!' : '',
            t.due_date ?? '-',
            TASK_STATUS_LABELS[t.status],
            t.required ? 'yes' : '',
            t.title,
            t.assignee_email ?? '-',
            t.campaign.title,
            t.id,
          ]),
        ])
      : [`No ${status === 'all' ? '' : `${status} `}tasks`],
  );
}

export interface AddTaskOptions {
  title: string;
  due?: string;
  assignee?: string;
  required?: boolean;
}

/** An assignee by id, or by e-mail among the people who may see the campaign (whom its tasks may be assigned to). */
async function assigneeId(api: CadenceAdminClient, campaignId: string, who: string): Promise<string> {
  if (ID.test(who)) return who.toLowerCase();
  if (!who.includes('@')) throw usageError(`--assignee must be an e-mail address or a user id (got "${who}")`);
  const found = (await api.tasks.assignees(campaignId)).find((u) => u.email.toLowerCase() === who.trim().toLowerCase());
  if (!found) throw new CliError(`No one who may see this campaign has the e-mail "${who}": only they can be assigned its tasks`);
  return found.id;
}

/** Adds a task at the end of a campaign's list. */
export async function addTask(ctx: CommandContext, campaignId: string, opts: AddTaskOptions): Promise<void> {
  const campaign = uuid(campaignId, 'CAMPAIGN');
  if (opts.due !== undefined) {
    const problem = ymdProblem(opts.due);
    if (problem) throw usageError(`--due: ${problem}`);
  }
  const api = client(ctx);
  const task = await api.tasks.create(campaign, {
    title: opts.title,
    ...(opts.due ? { due_date: opts.due } : {}),
    ...(opts.assignee ? { assignee_id: await assigneeId(api, campaign, opts.assignee) } : {}),
    ...(opts.required ? { required: true } : {}),
  });
  ctx.out.result(task, () => [task.id]);
  ctx.out.success(
    `Added "${task.title}" to "${task.campaign.title}"${task.due_date ? `, due ${task.due_date}` : ''}${task.assignee_email ? `, for ${task.assignee_email}` : ''}${task.required ? ' (required before go-live)' : ''}`,
  );
}

/** Marks a task done (its assignee may, with read rights on the campaign alone). */
export async function completeTask(ctx: CommandContext, taskId: string): Promise<void> {
  const task = await client(ctx).tasks.update(uuid(taskId, 'TASK'), { status: 'done' });
  ctx.out.result(task, () => []);
  ctx.out.success(`Done: "${task.title}" (${task.campaign.title}, ${task.campaign.live_date} go-live)`);
}
