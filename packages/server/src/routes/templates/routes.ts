import { can, lacksPrimaryChannel, PRIMARY_CHANNEL_MESSAGE, templateFromCampaign, templateIssues, type CampaignTemplate, type Principal } from '@cadence/core';
import {
  listQuerySchema,
  templateApplyResultSchema,
  templateApplySchema,
  templateCreateSchema,
  templateFromCampaignSchema,
  templateSchema,
  templateUpdateSchema,
} from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { applyTemplate } from '../../commands/apply-template';
import { createRow, getRow } from '../../data/crud';
import { campaigns } from '../../data/resources/campaigns';
import { templateColumns, templates, type TemplateRaw } from '../../data/resources/templates';
import { fieldError, forbidden } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { loadWorkingCalendar } from '../../working-calendar/load';
import { standardRoutes } from '../standard-routes';

const TAG = 'Templates';

type TemplateFields = Pick<CampaignTemplate, 'name' | 'defaults' | 'planning_offset' | 'roles' | 'tasks'>;

/**
 * What a template must be, whole, beyond its schema (docs/adr/0054): a name no other template has
 * (ignoring case), no task before the planning start or with an unknown role, channel defaults that
 * name their channel, and named assignees who are users of the install. Each refusal names its field.
 */
async function checkTemplate(db: Knex, t: TemplateFields, id: string | null): Promise<void> {
  const issue = templateIssues(t)[0];
  if (issue) throw fieldError(issue.field, issue.message);
  if (lacksPrimaryChannel({ scope: t.defaults.scope ?? 'global', primary_channel: t.defaults.primary_channel ?? null })) throw fieldError('defaults.primary_channel', PRIMARY_CHANNEL_MESSAGE);
  const same = db('campaign_templates').whereRaw('lower(name) = lower(?)', [t.name]).first('id');
  if (id) same.whereNot({ id });
  if (await same) throw fieldError('name', `A template named "${t.name}" exists`);
  const named = [...new Set(t.tasks.flatMap((task) => (task.assignee_id ? [task.assignee_id] : [])))];
  if (named.length) {
    const found = new Set((await db('users').whereIn('id', named).select('id')).map((u: { id: string }) => String(u.id)));
    const i = t.tasks.findIndex((task) => task.assignee_id && !found.has(task.assignee_id));
    if (i >= 0) throw fieldError(`tasks.${i}.assignee_id`, 'No such user');
  }
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export function templateRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'post',
    path: '/api/templates/from-campaign',
    tag: TAG,
    summary:
      "Save a campaign as a template (administrators): its channels, priority and brief become the defaults, its tasks' due dates working-day " +
      'offsets from go-live, and the assignees named in roles become those roles',
    access: 'user',
    body: templateFromCampaignSchema,
    response: templateSchema,
    status: 201,
    handler: async ({ body, auth }) => {
      const p: Principal = auth.principal;
      if (!can(p, 'create', 'template')) throw forbidden('Only administrators keep templates');
      const campaign = await getRow(s, campaigns, p, body.campaign_id);
      const rows: Array<{ title: string; due_date: string | null; assignee_id: string | null; required: boolean; note: string | null }> = await s
        .db('tasks')
        .where({ campaign_id: campaign.id })
        .orderBy([{ column: 'rank' }, { column: 'id' }])
        .select('title', 'due_date', 'assignee_id', 'required', 'note');
      const assigned = new Set(rows.flatMap((r) => (r.assignee_id ? [String(r.assignee_id)] : [])));
      for (const id of Object.keys(body.roles)) if (!assigned.has(id)) throw fieldError(`roles.${id}`, 'No task of this campaign is assigned to this user');
      const cal = await loadWorkingCalendar(s.db);
      const dates = { planning_start_date: String(campaign.planning_start_date), live_date: String(campaign.live_date) };
      const plan = templateFromCampaign(dates, rows.map((r) => ({ ...r, due_date: r.due_date === null ? null : String(r.due_date) })), cal, body.roles);
      const defaults = {
        description: campaign.description,
        channels: campaign.channels,
        priority: campaign.priority,
        scope: campaign.scope,
        primary_channel: campaign.primary_channel,
        channel_config: parse(campaign.channel_config),
        summary: campaign.summary,
        goals: campaign.goals,
        audiences: campaign.audiences,
        kpis: campaign.kpis,
        deliverables: campaign.deliverables,
      };
      const template: TemplateFields = { name: body.name, defaults, planning_offset: plan.planning_offset, roles: [...plan.roles], tasks: [...plan.tasks] };
      await checkTemplate(s.db, template, null);
      return createRow(s, templates, templateColumns({ ...template, description: body.description ?? null, created_by: p.userId }));
    },
  });

  t.add({
    method: 'post',
    path: '/api/templates/:id/apply',
    tag: TAG,
    summary:
      "New campaigns from a template (whoever may create campaigns): each with its go-live and the person for each role; every task placed on the install's " +
      'working days from go-live or the planning start. One transaction: a bad row creates nothing, and the error names its field (campaigns.3.roles.Designer)',
    access: 'user',
    body: templateApplySchema,
    response: templateApplyResultSchema,
    status: 201,
    handler: ({ body, auth, params, ctx }) => applyTemplate(s, auth.principal, params.id!, body, ctx),
  });

  standardRoutes(s, t, {
    base: '/api/templates',
    tag: TAG,
    noun: 'template',
    resource: templates,
    row: templateSchema,
    list: { summary: 'Campaign templates by name (whoever may create campaigns)', query: listQuerySchema, orderBy: [{ column: 'name' }, { column: 'id' }] },
    create: {
      summary: "Add a template (administrators): defaults, roles and tasks with working-day offsets; the JSON 'cadence templates export' writes",
      body: templateCreateSchema,
      values: (body, { auth }) => ({ ...body, description: body.description ?? null, created_by: auth.principal.userId }),
      stored: (values) => templateColumns(values as Record<string, unknown>),
      refusal: 'Only administrators keep templates',
      check: async (values) =>
        checkTemplate(s.db, { ...(values as unknown as TemplateFields), roles: parse(values.roles), tasks: parse(values.tasks), defaults: parse(values.defaults) }, null),
    },
    update: {
      summary: 'Change only the given fields (administrators); the template as it then is must still hold together. If-Match guards against lost updates',
      body: templateUpdateSchema,
      patch: async (body, before: TemplateRaw, _input, trx) => {
        const merged = { ...templates.present(before), ...body } as TemplateFields;
        await checkTemplate(trx, merged, before.id);
        return templateColumns(body);
      },
    },
    remove: { summary: 'Delete a template (administrators); campaigns made from it keep their tasks' },
  });
}
