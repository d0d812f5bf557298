import {
  assignRoles,
  can,
  campaignDefaults,
  lacksPrimaryChannel,
  normalizeScopedCampaign,
  placeTemplate,
  templateTaskRanks,
  type Campaign,
  type CampaignTemplate,
  type Principal,
  type TemplateApplyResult,
} from '@cadence/core';
import type { templateApplySchema } from '@cadence/core/schemas';
import type { z } from 'zod';
import { changedInTransaction } from '../data/changes';
import { notifyTasksAssigned } from '../notifications/producers';
import { getRow } from '../data/crud';
import { campaigns, type CampaignRaw } from '../data/resources/campaigns';
import { withNewApprovalSummaries } from '../approvals/store';
import { planningGateMany } from '../planning-rules/store';
import type { Ctx } from '../http/authenticate';
import { AppError } from '../errors';
import { templates } from '../data/resources/templates';
import { fieldError, forbidden } from '../errors';
import { entryColumns } from '../history/record';
import { usersWithRights } from '../routes/tasks/assignees';
import type { Services } from '../services';
import { loadWorkingCalendar } from '../working-calendar/load';

type Apply = z.output<typeof templateApplySchema>;

/** A campaign's fields from a template's defaults (docs/adr/0054): what the template does not say is a new campaign's default. */
export function campaignFromTemplate(t: CampaignTemplate): Omit<Campaign, 'id' | 'created_at' | 'updated_at' | 'version' | 'task_summary' | 'title' | 'live_date' | 'planning_start_date' | 'created_by'> {
  const { task_summary: _summary, ...base } = campaignDefaults();
  const merged = { ...base, ...t.defaults } as typeof base;
  return { ...merged, ...normalizeScopedCampaign({ scope: merged.scope, primary_channel: merged.primary_channel ?? null, channels: merged.channels }), owner_id: null };
}

/**
 * Campaigns from a template, each with every task placed on the working calendar from its go-live
 * (docs/adr/0054): one transaction, so a bad row creates nothing. Every refusal names the row's
 * field (`campaigns.3.roles.Designer`). Each campaign and task is a create entry with its actor,
 * and a realtime change by itself, as a create of each would be.
 */
export async function applyTemplate(s: Services, p: Principal, templateId: string, body: Apply, ctx?: Ctx): Promise<TemplateApplyResult> {
  const template = await getRow(s, templates, p, templateId);
  if (!can(p, 'create', 'campaign')) throw forbidden('You may not create campaigns');
  const cal = await loadWorkingCalendar(s.db);
  const base = campaignFromTemplate(template);
  if (lacksPrimaryChannel(base)) throw fieldError('template.defaults.primary_channel', 'The template is for one channel but names none');

  const wanted = new Set<string>(template.tasks.flatMap((t) => (t.assignee_id ? [t.assignee_id] : [])));
  for (const c of body.campaigns) for (const id of Object.values(c.roles)) wanted.add(id);
  for (const c of body.campaigns) if (c.owner_id) wanted.add(c.owner_id);
  const people = new Map((await usersWithRights(s.db, [...wanted])).map((u) => [u.id, u]));

  const ranks = templateTaskRanks(template.tasks.length);
  const planned = body.campaigns.map((c, i) => {
    const at = `campaigns.${i}`;
    if (c.owner_id && !people.has(c.owner_id)) throw fieldError(`${at}.owner_id`, 'Not a user of this install');
    // The owner as a user and as text, as the campaign dialog sets both.
    const owner = c.owner_id ? people.get(c.owner_id)!.email : null;
    const row = { ...base, title: c.title, owner_id: c.owner_id ?? null, owner, created_by: p.userId };
    if (!can(p, 'create', 'campaign', row)) throw forbidden(`Campaign ${i + 1}: you may not create campaigns there`);
    for (const role of Object.keys(c.roles)) if (!template.roles.includes(role)) throw fieldError(`${at}.roles.${role}`, `"${role}" is not a role of this template`);
    const { assignees, issues } = assignRoles(template.tasks, c.roles, `${at}.roles`);
    if (issues[0]) throw fieldError(issues[0].field, issues[0].message);
    template.tasks.forEach((task, j) => {
      const who = assignees[j];
      if (!who) return;
      const field = task.role ? `${at}.roles.${task.role}` : `template.tasks.${j}.assignee_id`;
      const user = people.get(who);
      if (!user) throw fieldError(field, 'No such user');
      if (!can(user.principal, 'read', 'campaign', row)) throw fieldError(field, `${user.email} may not see this campaign, so cannot be given its tasks`);
    });
    const placement = placeTemplate(template, c.live_date, cal);
    return { row: { ...row, live_date: c.live_date, planning_start_date: placement.planning_start_date }, placement, assignees };
  });

  const { ids, taskCount } = await s.db.transaction(async (trx) => {
    // The planning rules judge the new campaigns with the plan and one another (docs/adr/0062): a
    // block names `campaigns.<n>`. In the transaction, so writes a blocking rule judges take turns.
    await planningGateMany(trx, planned.map(({ row }) => row as never), [], ctx).catch((e: unknown) => {
      throw templateRefusal(e);
    });
    const ids: string[] = [];
    let taskCount = 0;
    for (let start = 0; start < planned.length; start += 200) {
      const chunk = planned.slice(start, start + 200);
      const inserted: Array<{ id: string }> = await trx('campaigns')
        .insert(await withNewApprovalSummaries(trx, chunk.map(({ row }) => ({ ...row, channel_config: JSON.stringify(row.channel_config) }))))
        .returning('id');
      const chunkIds = inserted.map((r) => String(r.id));
      ids.push(...chunkIds);
      const taskRows = chunk.flatMap(({ placement, assignees }, k) =>
        placement.tasks.map((task, j) => ({
          campaign_id: chunkIds[k],
          title: task.title,
          assignee_id: assignees[j] ?? null,
          due_date: task.due_date,
          status: 'todo',
          required: task.required,
          rank: ranks[j],
          note: task.note,
          created_by: p.userId,
        })),
      );
      const taskIds: string[] = [];
      for (let i = 0; i < taskRows.length; i += 500) {
        const done: Array<{ id: string }> = await trx('tasks').insert(taskRows.slice(i, i + 500)).returning('id');
        taskIds.push(...done.map((r) => String(r.id)));
      }
      taskCount += taskIds.length;
      // Whoever a role gave a task hears of it (docs/adr/0060): one statement per chunk.
      await notifyTasksAssigned(
        s,
        trx,
        taskRows.map((r, i) => ({ id: taskIds[i]!, title: r.title, assignee_id: r.assignee_id, due_date: r.due_date ?? null, campaign: { id: r.campaign_id!, title: chunk[chunkIds.indexOf(r.campaign_id!)]!.row.title } })),
        p.userId || null,
      );
      const entries = [
        ...chunkIds.map((id) => entryColumns({ resource: 'campaigns', rowId: id, action: 'create' })),
        ...taskIds.map((id) => entryColumns({ resource: 'tasks', rowId: id, action: 'create' })),
      ];
      for (let i = 0; i < entries.length; i += 500) await trx('history_entries').insert(entries.slice(i, i + 500));
    }
    changedInTransaction(trx);
    return { ids, taskCount };
  });
  const rows = await campaigns.select(s.db).whereIn('campaigns.id', ids);
  const byId = new Map<string, CampaignRaw>(rows.map((r: CampaignRaw) => [String(r.id), r]));
  return { campaigns: ids.map((id) => campaigns.present(byId.get(id)!)), tasks: taskCount };
}

/** An apply's refusal names the campaign by its place in the body (`campaigns.<n>`), not a file's line. */
function templateRefusal(e: unknown): unknown {
  if (!(e instanceof AppError) || e.code !== 'rule_blocked') return e;
  const rename = (text: string) => text.replace(/^Line (\d+), /, (_m, n: string) => `Campaign ${n}, `);
  const details = (e.details ?? []).map((d) => ({ path: d.path.replace(/^line (\d+)\.live_date$/, (_m, n: string) => `campaigns.${Number(n) - 1}.live_date`), message: d.message }));
  return new AppError(409, 'rule_blocked', rename(e.message), details);
}
