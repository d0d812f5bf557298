import {
  STANDARD_CALENDAR,
  assignRoles,
  campaignDefaults,
  can,
  lacksPrimaryChannel,
  placeTemplate,
  templateFromCampaign,
  templateIssues,
  type CadenceClient,
  type Campaign,
  type CampaignTemplate,
  type Principal,
  type Task,
  type WorkingCalendar,
} from '@cadence/core';
import { templateApplySchema, templateCreateSchema, templateFromCampaignSchema, templateUpdateSchema } from '@cadence/core/schemas';
import { forbidden, memoryTable, notFound, parse, validation, type Run } from './memory-crud';
import type { MemoryLog } from './memory-history';
import type { PeopleData } from './memory-people';

// Campaign templates in memory, as the server keeps them (docs/adr/0054): core's template rule
// (read by whoever may create campaigns, kept by administrators), the whole template checked on
// every write, and apply placing every task with core's placeTemplate on the working calendar.
// Apply checks every row before it creates any, so a bad row creates nothing, as on the server.

export interface MemoryTemplatesOptions {
  run: Run;
  now: () => string;
  principal: Principal;
  templates: CampaignTemplate[];
  campaigns: Campaign[];
  tasks: () => Task[];
  people: Pick<PeopleData, 'users' | 'permissions'>;
  log: MemoryLog;
  /** The client's own creates, so a campaign from a template is logged and summarised as any other. */
  createCampaign: CadenceClient['campaigns']['create'];
  createTask: CadenceClient['tasks']['create'];
  calendar?: WorkingCalendar;
}

const fieldError = (field: string, message: string) => validation([{ path: field.split('.'), message }]);

export function memoryTemplates(o: MemoryTemplatesOptions): CadenceClient['templates'] {
  const { run, principal: p, templates } = o;
  const cal = o.calendar ?? STANDARD_CALENDAR;
  const check = (t: Pick<CampaignTemplate, 'name' | 'defaults' | 'planning_offset' | 'roles' | 'tasks'>, id: string | null) => {
    const issue = templateIssues(t)[0];
    if (issue) throw fieldError(issue.field, issue.message);
    if (lacksPrimaryChannel({ scope: t.defaults.scope ?? 'global', primary_channel: t.defaults.primary_channel ?? null })) throw fieldError('defaults.primary_channel', 'Choose the channel');
    if (templates.some((x) => x.id !== id && x.name.toLowerCase() === t.name.toLowerCase())) throw fieldError('name', `A template named "${t.name}" exists`);
    const i = t.tasks.findIndex((task) => task.assignee_id && !o.people.users.some((u) => u.id === task.assignee_id) && task.assignee_id !== p.userId);
    if (i >= 0) throw fieldError(`tasks.${i}.assignee_id`, 'No such user');
  };
  const table = memoryTable(templates, {
    run, now: o.now, userId: p.userId, history: { log: o.log, resource: 'templates' }, name: 'templates',
    create: { safeParse: (v: unknown) => templateCreateSchema.safeParse(v) },
    update: { safeParse: (v: unknown) => templateUpdateSchema.safeParse(v) },
    compare: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id.localeCompare(b.id)),
    canRead: () => can(p, 'read', 'template'),
    canWrite: () => can(p, 'update', 'template'),
    defaults: { description: null },
  });
  const principalOf = (userId: string): Principal | null => {
    if (userId === p.userId) return { userId, role: p.role, permissions: p.permissions };
    const u = o.people.users.find((x) => x.id === userId);
    if (!u) return null;
    return { userId, role: u.role ?? null, permissions: o.people.permissions.filter((r) => r.user_id === userId).map(({ permission_type, channel }) => ({ permission_type, channel })) };
  };

  return {
    list: () => table.list(),
    get: (id) => table.get(id),
    create: (body) =>
      run('templates.create', () => {
        if (!can(p, 'create', 'template')) throw forbidden();
        const parsed = parse(templateCreateSchema, body);
        check(parsed as CampaignTemplate, null);
        return table.add(parsed);
      }, [body]),
    update: (id, patch, options) =>
      run('templates.update', () => {
        const parsed = parse(templateUpdateSchema, patch);
        const row = templates.find((t) => t.id === id);
        if (!row || !can(p, 'read', 'template')) throw notFound();
        if (!can(p, 'update', 'template')) throw forbidden();
        check({ ...row, ...parsed } as CampaignTemplate, id);
        return row;
      }).then(() => table.update(id, patch, options)),
    remove: (id, options) => table.remove(id, options),
    apply: async (id, body) => {
      const plans = await run('templates.apply', () => {
        const template = templates.find((t) => t.id === id);
        if (!template || !can(p, 'read', 'template')) throw notFound();
        if (!can(p, 'create', 'campaign')) throw forbidden();
        const parsed = parse(templateApplySchema, body);
        const { task_summary: _summary, ...base } = campaignDefaults();
        const defaults = { ...base, ...template.defaults };
        return parsed.campaigns.map((c, i) => {
          const at = `campaigns.${i}`;
          const row = { ...defaults, primary_channel: defaults.primary_channel ?? null, title: c.title, created_by: p.userId };
          if (!can(p, 'create', 'campaign', row)) throw forbidden();
          for (const role of Object.keys(c.roles)) if (!template.roles.includes(role)) throw fieldError(`${at}.roles.${role}`, `"${role}" is not a role of this template`);
          const { assignees, issues } = assignRoles(template.tasks, c.roles, `${at}.roles`);
          if (issues[0]) throw fieldError(issues[0].field, issues[0].message);
          template.tasks.forEach((task, j) => {
            const who = assignees[j] ? principalOf(assignees[j]) : undefined;
            const field = task.role ? `${at}.roles.${task.role}` : `template.tasks.${j}.assignee_id`;
            if (who === null) throw fieldError(field, 'No such user');
            if (who && !can(who, 'read', 'campaign', row)) throw fieldError(field, 'This user may not see this campaign, so cannot be given its tasks');
          });
          const placement = placeTemplate(template, c.live_date, cal);
          return { c, defaults, placement, assignees };
        });
      }, [id, body]);
      const made: Campaign[] = [];
      let count = 0;
      for (const { c, defaults, placement, assignees } of plans) {
        const created = await o.createCampaign({
          ...defaults, primary_channel: defaults.primary_channel ?? null, title: c.title, live_date: c.live_date,
          planning_start_date: placement.planning_start_date, owner_id: c.owner_id ?? null,
          // The owner as a user and as text, as the server (and the campaign dialog) set both.
          owner: c.owner_id ? (o.people.users.find((u) => u.id === c.owner_id)?.email ?? null) : null,
        });
        for (const [j, task] of placement.tasks.entries()) {
          await o.createTask(created.id, { title: task.title, due_date: task.due_date, assignee_id: assignees[j] ?? null, required: task.required, note: task.note });
          count += 1;
        }
        made.push(structuredClone(o.campaigns.find((x) => x.id === created.id) ?? created));
      }
      return { campaigns: made, tasks: count };
    },
    fromCampaign: (body) =>
      run('templates.fromCampaign', () => {
        if (!can(p, 'create', 'template')) throw forbidden();
        const parsed = parse(templateFromCampaignSchema, body);
        const c = o.campaigns.find((x) => x.id === parsed.campaign_id);
        if (!c || !can(p, 'read', 'campaign', c)) throw notFound();
        const own = o.tasks().filter((t) => t.campaign_id === c.id).sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id.localeCompare(b.id)));
        const assigned = new Set(own.flatMap((t) => (t.assignee_id ? [t.assignee_id] : [])));
        for (const userId of Object.keys(parsed.roles)) if (!assigned.has(userId)) throw fieldError(`roles.${userId}`, 'No task of this campaign is assigned to this user');
        const plan = templateFromCampaign(c, own, cal, parsed.roles);
        const t = {
          name: parsed.name, description: parsed.description ?? null,
          defaults: {
            description: c.description, channels: c.channels, priority: c.priority, scope: c.scope, primary_channel: c.primary_channel, channel_config: c.channel_config,
            summary: c.summary, goals: c.goals, audiences: c.audiences, kpis: c.kpis, deliverables: c.deliverables,
          },
          planning_offset: plan.planning_offset, roles: [...plan.roles], tasks: [...plan.tasks],
        };
        check(t as CampaignTemplate, null);
        return table.add(t);
      }, [body]),
  };
}
