import {
  can,
  compareMyTasks,
  compareTaskOrder,
  decodeTaskCursor,
  encodeTaskCursor,
  isAfterTaskCursor,
  isOverdue,
  rankFor,
  summariseTasks,
  taskMatchesMyQuery,
  type Campaign,
  type CampaignAccessFields,
  type Principal,
  type Task,
  type TaskPlacement,
  type TasksApi,
} from '@cadence/core';
import { myTaskCountsQuerySchema, myTasksQuerySchema, taskCreateSchema, taskUpdateSchema } from '@cadence/core/schemas';
import { checkVersion, forbidden, memoryId, notFound, parse, validation, type Run } from './memory-crud';
import type { MemoryLog } from './memory-history';
import type { PeopleData } from './memory-people';

// A campaign's tasks in memory, as the server keeps them (docs/adr/0049-campaign-tasks.md): ranks
// from core's rankFor, core's task rule (the assignee may change the status alone), assignees who
// may read the campaign, the campaign's task_summary kept without a version bump, My work with its
// cursor, and every write in the activity log, revertible. The client contract holds it to the server.

export interface MemoryTasksOptions {
  run: Run;
  now: () => string;
  principal: Principal;
  /** The client's campaigns, whose `task_summary` this keeps (the same array, shared). */
  campaigns: Campaign[];
  tasks: Task[];
  /** The user directory and permission records: who may be assigned. */
  people: Pick<PeopleData, 'users' | 'permissions'>;
  log: MemoryLog;
}

const fieldError = (field: string, message: string) => validation([{ path: [field], message }]);
const accessOf = (c: Campaign): CampaignAccessFields => ({ scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, created_by: c.created_by });

export function memoryTasks(o: MemoryTasksOptions) {
  const { run, now, principal: p, campaigns, tasks, people, log } = o;
  const campaignOf = (id: string) => campaigns.find((c) => c.id === id);
  const named = (c: Campaign): Task['campaign'] => ({
    id: c.id, title: c.title, status: c.status, scope: c.scope, primary_channel: c.primary_channel, channels: [...c.channels], live_date: c.live_date, created_by: c.created_by,
  });
  /** A task as the server answers it: its campaign and its assignee's e-mail as they are now. */
  // As the server: by lower-case e-mail, byte by byte, then id.
  const byEmail = (a: { id: string; email: string }, b: { id: string; email: string }) => {
    const [x, y] = [a.email.toLowerCase(), b.email.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
  };
  const out = (t: Task): Task => {
    const c = campaignOf(t.campaign_id);
    const campaign = c ? named(c) : t.campaign;
    const assignee_email = t.assignee_id ? (people.users.find((u) => u.id === t.assignee_id)?.email ?? null) : null;
    return structuredClone({ ...t, campaign, assignee_email });
  };
  /** Judged as the rule reads it: with its campaign now, and (an update) the fields it writes. */
  const judged = (t: Task, changes?: readonly string[]) => {
    const c = campaignOf(t.campaign_id);
    return { assignee_id: t.assignee_id, campaign: c ? accessOf(c) : null, ...(changes ? { changes } : {}) };
  };
  const readable = (t: Task) => can(p, 'read', 'task', judged(t));
  const find = (id: string) => {
    const t = tasks.find((x) => x.id === id);
    if (!t || !readable(t)) throw notFound();
    return t;
  };
  const readableCampaign = (id: string) => {
    const c = campaignOf(id);
    if (!c || !can(p, 'read', 'campaign', c)) throw notFound();
    return c;
  };
  /** The campaign's summary follows its tasks; its version does not (docs/adr/0049). */
  const summarise = (campaignId: string) => {
    const c = campaignOf(campaignId);
    if (c) c.task_summary = summariseTasks(tasks.filter((t) => t.campaign_id === campaignId));
  };
  const principalOf = (userId: string): Principal | null => {
    if (userId === p.userId) return { userId, role: p.role, permissions: p.permissions };
    const u = people.users.find((x) => x.id === userId);
    if (!u) return null;
    return { userId, role: u.role ?? null, permissions: people.permissions.filter((r) => r.user_id === userId).map(({ permission_type, channel }) => ({ permission_type, channel })) };
  };
  const checkAssignee = (assigneeId: string, c: Campaign) => {
    const who = principalOf(assigneeId);
    if (!who) throw fieldError('assignee_id', 'No such user');
    if (!can(who, 'read', 'campaign', c)) throw fieldError('assignee_id', 'This user may not see the campaign, so cannot be assigned its tasks');
  };
  const rankIn = (campaignId: string, place: TaskPlacement, moving?: string) => {
    const placed = rankFor(tasks.filter((t) => t.campaign_id === campaignId && t.id !== moving), place);
    if ('field' in placed) throw fieldError(placed.field, placed.message);
    return placed.rank;
  };
  const shown = (t: Task) => out(t) as unknown as Record<string, unknown>;

  const write = (id: string, fields: Record<string, unknown>, place: TaskPlacement | null, version: number | undefined, reverts?: string, changes?: readonly string[]) => {
    const t = find(id);
    if (!can(p, 'update', 'task', judged(t, changes))) throw forbidden();
    checkVersion(t, version);
    const patch: Record<string, unknown> = { ...fields };
    if (typeof fields.status === 'string' && fields.status !== t.status && !('completed_at' in fields)) patch.completed_at = fields.status === 'done' ? now() : null;
    if (place) patch.rank = rankIn(t.campaign_id, place, t.id);
    const c = campaignOf(t.campaign_id)!;
    if (typeof patch.assignee_id === 'string' && patch.assignee_id !== t.assignee_id) checkAssignee(patch.assignee_id, c);
    if (!Object.keys(patch).length) return out(t);
    const before = shown(t);
    Object.assign(t, patch, { version: t.version + 1, updated_at: now() });
    log.record('tasks', t.id, 'update', { before, after: shown(t), fields: Object.keys(patch), ...(reverts ? { reverts } : {}) });
    summarise(t.campaign_id);
    return out(t);
  };
  const remove = (id: string, version: number | undefined, reverts?: string) => {
    const t = find(id);
    if (!can(p, 'delete', 'task', judged(t))) throw forbidden();
    checkVersion(t, version);
    tasks.splice(tasks.indexOf(t), 1);
    const { campaign: _c, assignee_email: _e, ...row } = t;
    log.record('tasks', t.id, 'delete', { row, ...(reverts ? { reverts } : {}) });
    summarise(t.campaign_id);
  };
  log.register('tasks', {
    get: (id) => {
      const t = tasks.find((x) => x.id === id);
      return t && (out(t) as never);
    },
    update: (id, patch, version, reverts) => write(id, patch, null, version, reverts, Object.keys(patch)) as never,
    recreate: (gone, reverts) => {
      const row = { ...(gone as unknown as Task), version: gone.version + 1, updated_at: now() };
      const c = campaignOf(row.campaign_id);
      if (!c || !can(p, 'delete', 'task', judged(row)) || !can(p, 'create', 'task', judged(row))) throw forbidden();
      tasks.push(row);
      log.record('tasks', row.id, 'create', { reverts });
      summarise(row.campaign_id);
      return out(row) as never;
    },
    remove,
  });

  const mine = (query: unknown) => {
    const q = parse(myTasksQuerySchema, query ?? {});
    if (!can(p, 'read', 'task')) return { items: [], nextCursor: null };
    const cursor = q.cursor ? decodeTaskCursor(q.cursor) : null;
    const rows = tasks
      .filter((t) => readable(t) && taskMatchesMyQuery({ ...t, campaign: { title: campaignOf(t.campaign_id)?.title ?? t.campaign.title } }, q, p.userId) && (!cursor || isAfterTaskCursor(t, cursor)))
      .sort(compareMyTasks);
    const page = q.limit ? rows.slice(0, q.limit) : rows;
    const last = page.at(-1);
    return { items: page.map(out), nextCursor: q.limit && last && page.length === q.limit ? encodeTaskCursor({ due: last.due_date, id: last.id }) : null };
  };

  const api: TasksApi = {
    list: (campaignId) =>
      run('tasks.list', () => {
        readableCampaign(campaignId);
        return tasks.filter((t) => t.campaign_id === campaignId && readable(t)).sort(compareTaskOrder).map(out);
      }, [campaignId]),
    mine: (query) => run('tasks.mine', () => mine(query).items, [query]),
    minePage: (query) => run('tasks.minePage', () => mine(query), [query]),
    counts: (query) =>
      run('tasks.counts', () => {
        const { today, ...filter } = parse(myTaskCountsQuerySchema, query ?? {});
        const items = mine(filter).items;
        return { count: items.length, overdue: today ? items.filter((t) => isOverdue(t, today)).length : null };
      }, [query]),
    get: (id) => run('tasks.get', () => out(find(id)), [id]),
    create: (campaignId, body) =>
      run('tasks.create', () => {
        const { after, before, ...data } = parse(taskCreateSchema, body);
        const c = readableCampaign(campaignId);
        if (!can(p, 'create', 'task')) throw forbidden();
        const stamp = now();
        const row: Task = {
          id: memoryId(), campaign_id: campaignId, title: data.title, assignee_id: data.assignee_id ?? null, assignee_email: null,
          due_date: data.due_date ?? null, status: data.status, required: data.required, note: data.note ?? null, rank: '',
          version: 1, created_at: stamp, updated_at: stamp, created_by: p.userId, completed_at: data.status === 'done' ? stamp : null,
          campaign: named(c),
        };
        if (!can(p, 'create', 'task', judged(row))) throw forbidden();
        if (row.assignee_id) checkAssignee(row.assignee_id, c);
        row.rank = rankIn(campaignId, { after, before });
        tasks.push(row);
        log.record('tasks', row.id, 'create', {});
        summarise(campaignId);
        return out(row);
      }, [campaignId, body]),
    update: (id, patch, options) =>
      run('tasks.update', () => {
        const { after, before, ...fields } = parse(taskUpdateSchema, patch);
        const changes = [...new Set(Object.keys(patch ?? {}).map((k) => (k === 'after' || k === 'before' ? 'rank' : k)))];
        const place = after !== undefined || before !== undefined ? { after, before } : null;
        return write(id, fields, place, options?.version, undefined, changes);
      }, [id, patch, options]),
    remove: (id, options) => run('tasks.remove', () => remove(id, options?.version), [id, options]),
    assignees: (campaignId) =>
      run('tasks.assignees', () => {
        const c = readableCampaign(campaignId);
        if (!can(p, 'create', 'task', { assignee_id: null, campaign: accessOf(c) })) throw forbidden();
        const ids = [p.userId, ...people.users.map((u) => u.id)];
        return [...new Set(ids)]
          .flatMap((id) => {
            const who = principalOf(id);
            const email = id === p.userId ? (people.users.find((u) => u.id === id)?.email ?? '') : people.users.find((u) => u.id === id)?.email;
            return who && email !== undefined && can(who, 'read', 'campaign', c) ? [{ id, email }] : [];
          })
          .sort(byEmail);
      }, [campaignId]),
    seenAssignees: () =>
      run('tasks.seenAssignees', () => {
        if (!can(p, 'read', 'task')) return [];
        const seen = new Map<string, string>();
        for (const t of tasks) {
          const email = t.assignee_id ? people.users.find((u) => u.id === t.assignee_id)?.email : undefined;
          if (email !== undefined && readable(t)) seen.set(t.assignee_id!, email);
        }
        return [...seen].map(([id, email]) => ({ id, email })).sort(byEmail);
      }, []),
  };

  return {
    api,
    all: () => tasks,
    /** A campaign deleted: its tasks go with it (the server's ON DELETE CASCADE), unlogged. */
    campaignDeleted(campaignId: string) {
      for (let i = tasks.length - 1; i >= 0; i--) if (tasks[i]!.campaign_id === campaignId) tasks.splice(i, 1);
    },
  };
}
