import { can, decodeTaskCursor, type Task, encodeTaskCursor, rankFor, type CampaignAccessFields, type MyTasksFilter, type TaskPlacement } from '@cadence/core';
import { listQuerySchema, myTaskCountsQuerySchema, myTaskCountsSchema, myTasksQuerySchema, taskAssigneeSchema, taskCreateSchema, taskSchema, taskUpdateSchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { getRow } from '../../data/crud';
import { campaigns } from '../../data/resources/campaigns';
import { tasks, type TaskRaw } from '../../data/resources/tasks';
import { fieldError, forbidden, notFound } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { likeContaining } from '../campaigns/filters';
import { whereReadable } from '../campaigns/readable';
import { NEXT_CURSOR_HEADER } from '../campaigns/routes';
import { notifyTaskAssigned } from '../../notifications/producers';
import { standardRoutes } from '../standard-routes';
import { assigneesOf, checkAssignee } from './assignees';

const TAG = 'Tasks';

/** The fields of a campaign its tasks are judged with (core's campaign read and write rules). */
const accessOf = (c: CampaignAccessFields): CampaignAccessFields => ({ scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, created_by: c.created_by });

/**
 * The rank that puts a task where `place` says among its campaign's other tasks (core's rankFor),
 * under the campaign's row lock: writes of one campaign's tasks take their ranks one at a time.
 */
async function rankIn(trx: Knex, campaignId: string, place: TaskPlacement, moving?: string): Promise<string> {
  await trx.raw('SELECT id FROM campaigns WHERE id = ? FOR NO KEY UPDATE', [campaignId]);
  const q = trx('tasks').where({ campaign_id: campaignId }).select('id', 'rank');
  if (moving) q.whereNot({ id: moving });
  const placed = rankFor(await q, place);
  if ('field' in placed) throw fieldError(placed.field, placed.message);
  return placed.rank;
}

/** What `PATCH` writes, as the policy names the fields (a move writes the rank). */
const changesOf = (body: object): string[] => [...new Set(Object.keys(body).map((k) => (k === 'after' || k === 'before' ? 'rank' : k)))];

/** My work's filters (core's taskMatchesMyQuery) as SQL. */
function whereMine(q: Knex.QueryBuilder, query: MyTasksFilter, me: string | null): Knex.QueryBuilder {
  if (query.assignee) q.where('tasks.assignee_id', query.assignee === 'me' ? me : query.assignee);
  if (query.status === 'open') q.whereNot('tasks.status', 'done');
  if (query.status === 'done') q.where('tasks.status', 'done');
  if (query.campaign) q.where('tasks.campaign_id', query.campaign);
  if (query.due_before) q.where('tasks.due_date', '<', query.due_before);
  if (query.q) {
    const pattern = likeContaining(query.q);
    q.where((text) => text.whereRaw('tasks.title ILIKE ?', [pattern]).orWhereRaw('campaigns.title ILIKE ?', [pattern]));
  }
  return q;
}

export function taskRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get',
    path: '/api/tasks',
    tag: TAG,
    summary:
      'My work: tasks of the campaigns the caller may read, by due date (undated last), then id; assignee=me for the caller\'s own. ' +
      `With limit, a full page answers the next page's cursor in the ${NEXT_CURSOR_HEADER} header; each row names its campaign`,
    access: 'user',
    query: myTasksQuerySchema,
    response: z.array(taskSchema),
    responseHeaders: { [NEXT_CURSOR_HEADER]: 'Only with limit, on a full page: pass it as cursor for the next page; absent on the last page' },
    handler: async ({ query, auth, ctx }) => {
      const p = auth.principal;
      // Asked first: a caller who may read no task is answered without a query.
      if (!can(p, 'read', 'task')) return [];
      const q = whereMine(whereReadable(tasks.select(s.db), p), query, p.userId).orderByRaw('tasks.due_date ASC NULLS LAST, tasks.id ASC');
      const cursor = query.cursor ? decodeTaskCursor(query.cursor)! : null;
      if (cursor?.due) {
        const due = cursor.due;
        q.where((w) => w.where('tasks.due_date', '>', due).orWhere((e) => e.where('tasks.due_date', due).where('tasks.id', '>', cursor.id)).orWhereNull('tasks.due_date'));
      } else if (cursor) {
        q.whereNull('tasks.due_date').where('tasks.id', '>', cursor.id);
      }
      if (query.limit) q.limit(query.limit);
      const raws: TaskRaw[] = await q;
      const last = raws.at(-1);
      if (query.limit && last && raws.length >= query.limit) ctx.set(NEXT_CURSOR_HEADER, encodeTaskCursor({ due: last.due_date, id: last.id }));
      return raws.filter((raw) => can(p, 'read', 'task', raw)).map((raw) => tasks.present(raw));
    },
  });

  // Before /api/tasks/:id, which would take "counts" for an id.
  t.add({
    method: 'get',
    path: '/api/tasks/counts',
    tag: TAG,
    summary:
      'How many tasks GET /api/tasks answers for the same filters, without reading them (a side bar\'s count); overdue: of those, ' +
      'the ones not done and due before today, the reader\'s own YYYY-MM-DD (null without today)',
    access: 'user',
    query: myTaskCountsQuerySchema,
    response: myTaskCountsSchema,
    handler: async ({ query, auth }) => {
      const p = auth.principal;
      if (!can(p, 'read', 'task')) return { count: 0, overdue: query.today ? 0 : null };
      // whereReadable is the read rule as SQL (what the list filters with can() after it agrees with it).
      const q = whereMine(whereReadable(s.db('tasks').join('campaigns', 'campaigns.id', 'tasks.campaign_id'), p), query, p.userId);
      const today = query.today ?? null;
      const [row] = await q.select(
        s.db.raw('count(*)::int AS count'),
        s.db.raw("count(*) FILTER (WHERE tasks.status <> 'done' AND tasks.due_date < ?::date)::int AS overdue", [today]),
      );
      return { count: Number(row.count), overdue: today ? Number(row.overdue) : null };
    },
  });

  t.add({
    method: 'get',
    path: '/api/tasks/assignees',
    tag: TAG,
    summary:
      'The people the caller\'s readable tasks are assigned to, by e-mail (a filter\'s choices): only those the caller already sees ' +
      'on a task, so it lists no user otherwise unseen (listing users is an administrator\'s)',
    access: 'user',
    response: z.array(taskAssigneeSchema),
    handler: async ({ auth }) => {
      const p = auth.principal;
      if (!can(p, 'read', 'task')) return [];
      const q = whereReadable(s.db('tasks').join('campaigns', 'campaigns.id', 'tasks.campaign_id'), p).join('users as u', 'u.id', 'tasks.assignee_id');
      return s.db.select('id', 'email').from(q.distinct('u.id', 'u.email').as('seen')).orderByRaw('lower(email) COLLATE "C", id');
    },
  });

  t.add({
    method: 'get',
    path: '/api/campaigns/:id/assignees',
    tag: TAG,
    summary: "Who the campaign's tasks may be assigned to: the users who may read it, by e-mail (for whoever may add its tasks)",
    access: 'user',
    response: z.array(taskAssigneeSchema),
    handler: async ({ params, auth }) => {
      const campaign = await getRow(s, campaigns, auth.principal, params.id!);
      if (!can(auth.principal, 'create', 'task', { assignee_id: null, campaign })) throw forbidden("You may not assign this campaign's tasks");
      return assigneesOf(s.db, accessOf(campaign));
    },
  });

  standardRoutes(s, t, {
    base: '/api/tasks',
    tag: TAG,
    noun: 'task',
    resource: tasks,
    row: taskSchema,
    parent: { path: '/api/campaigns/:id/tasks', resource: campaigns, column: 'campaign_id', list: { summary: "A campaign's tasks in their order (rank, then id)" } },
    list: {
      summary: "A campaign's tasks in their order",
      query: listQuerySchema,
      orderBy: [{ column: 'tasks.rank' }, { column: 'tasks.id' }],
      // GET /api/tasks is My work, above.
      parentOnly: true,
    },
    create: {
      summary: 'Add a task to a campaign (whoever may update the campaign): at the end, or after or before another of its tasks',
      body: taskCreateSchema,
      values: ({ after: _after, before: _before, ...body }, { auth }, parent) => ({
        ...body,
        assignee_id: body.assignee_id ?? null,
        due_date: body.due_date ?? null,
        note: body.note ?? null,
        completed_at: body.status === 'done' ? s.db.fn.now() : null,
        created_by: auth.principal.userId,
        campaign: accessOf(parent as unknown as CampaignAccessFields),
      }),
      stored: ({ campaign: _campaign, ...row }) => row,
      refusal: "You may not add tasks to this campaign",
      check: async (row) => {
        if (typeof row.assignee_id !== 'string') return;
        const campaign = await s.db('campaigns').where({ id: row.campaign_id }).first('scope', 'primary_channel', 'channels', 'created_by');
        if (!campaign) throw notFound('Campaign');
        await checkAssignee(s.db, row.assignee_id, campaign);
      },
      prepare: async (row, { body }, trx) => ({ ...row, rank: await rankIn(trx, String(row.campaign_id), body as TaskPlacement) }),
      // Its assignee hears of it, in the same transaction (docs/adr/0060).
      afterInsert: async (created, { auth }, trx) => {
        const task = created as Task;
        if (task.assignee_id) await notifyTaskAssigned(s, trx, { task, campaign: task.campaign, actorId: auth.principal.userId || null });
      },
    },
    update: {
      summary:
        'Change only the given fields; after or before moves it (one row written). Whoever may update the campaign changes anything; ' +
        'its assignee, who may read it, the status alone. If-Match guards against lost updates',
      body: taskUpdateSchema,
      changes: changesOf,
      patch: async ({ after, before: beforeId, ...fields }, before: TaskRaw, { auth }, trx) => {
        const patch: Record<string, unknown> = { ...fields };
        // A new assignee hears of it (docs/adr/0060); the check below may still refuse, and then so is the item.
        if (typeof fields.assignee_id === 'string' && fields.assignee_id !== before.assignee_id) {
          const task = { id: before.id, title: fields.title ?? before.title, assignee_id: fields.assignee_id, due_date: fields.due_date !== undefined ? fields.due_date : before.due_date };
          await notifyTaskAssigned(s, trx, { task, campaign: before.campaign, actorId: auth.principal.userId || null });
        }
        if (fields.status !== undefined && fields.status !== before.status) patch.completed_at = fields.status === 'done' ? trx.fn.now() : null;
        if (after !== undefined || beforeId !== undefined) patch.rank = await rankIn(trx, before.campaign_id, { after, before: beforeId }, before.id);
        return patch;
      },
      check: async (before, patch, trx) => {
        if (typeof patch.assignee_id === 'string' && patch.assignee_id !== before.assignee_id) await checkAssignee(trx, patch.assignee_id, accessOf(before.campaign));
      },
    },
    remove: { summary: 'Delete a task (whoever may update the campaign)' },
  });
}

