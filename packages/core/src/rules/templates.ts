import { generateNKeysBetween } from 'fractional-indexing';
import type { Ymd } from '../dates';
import { addWorkingDays, workingDaysBetween, type WorkingCalendar } from './working-days';

/**
 * Campaign templates back-timed from go-live (issue 32, docs/adr/0054): where each task of a
 * template lands for a go-live date, and a campaign's tasks turned back into offsets. Pure string
 * arithmetic on `YYYY-MM-DD` over the working calendar, so the server (which decides) and the
 * dialog's preview place every task on the same day in every time zone. No zod: browsers import it.
 */

export const TEMPLATE_ANCHORS = ['live', 'planning_start'] as const;
/** What a task's offset counts from: go-live, or the planning start. */
export type TemplateAnchor = (typeof TEMPLATE_ANCHORS)[number];

/** A task of a template: its due date as working days from its anchor (null: no due date). */
export interface TemplateTaskFields {
  title: string;
  /** Working days after the anchor (negative: before it); null: the task has no due date. */
  offset: number | null;
  anchor: TemplateAnchor;
  /** A named user, or … */
  assignee_id: string | null;
  /** … a role the person creating the campaign fills ("Designer"); neither: unassigned. */
  role: string | null;
  required: boolean;
  note: string | null;
}

/** What placement reads of a template. */
export interface PlaceableTemplate {
  /** The planning start, in working days before go-live (0: planning starts on go-live). */
  planning_offset: number;
  roles: readonly string[];
  tasks: readonly TemplateTaskFields[];
}

export interface TemplateIssue {
  /** The field, as the API names it: `tasks.3.offset`. */
  field: string;
  message: string;
}

/** The planning start for a go-live: `planning_offset` working days before it. */
export function planningStartFor(liveDate: Ymd, planningOffset: number, cal: WorkingCalendar): Ymd {
  return addWorkingDays(liveDate, -planningOffset, cal);
}

/**
 * What is wrong with a template whatever its go-live: a task that would land before the planning
 * start (before go-live by more working days than planning starts, or before the planning start
 * itself), a role no entry of `roles` names, a task with both a user and a role, a role named twice.
 * Working days keep their order, so "before the planning start" does not depend on the date.
 */
export function templateIssues(t: PlaceableTemplate): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const seen = new Set<string>();
  t.roles.forEach((role, i) => {
    const key = role.trim().toLowerCase();
    if (seen.has(key)) issues.push({ field: `roles.${i}`, message: `The role "${role}" is listed twice` });
    seen.add(key);
  });
  t.tasks.forEach((task, i) => {
    if (task.role !== null && !t.roles.includes(task.role)) issues.push({ field: `tasks.${i}.role`, message: `Unknown role "${task.role}": add it to the template's roles` });
    if (task.role !== null && task.assignee_id !== null) issues.push({ field: `tasks.${i}.role`, message: 'Give a person or a role, not both' });
    if (task.offset === null) return;
    const fromPlanning = task.anchor === 'planning_start' ? task.offset : task.offset + t.planning_offset;
    if (fromPlanning < 0) {
      issues.push({
        field: `tasks.${i}.offset`,
        message:
          task.anchor === 'planning_start'
            ? `Lands ${-fromPlanning} working day${fromPlanning === -1 ? '' : 's'} before the planning start`
            : `Lands ${-fromPlanning} working day${fromPlanning === -1 ? '' : 's'} before the planning start (${t.planning_offset} before go-live)`,
      });
    }
  });
  return issues;
}

export interface PlacedTask extends TemplateTaskFields {
  due_date: Ymd | null;
}

export interface Placement {
  planning_start_date: Ymd;
  live_date: Ymd;
  tasks: PlacedTask[];
}

/** Every task of the template placed for go-live on `liveDate`, in the template's order. */
export function placeTemplate(t: PlaceableTemplate, liveDate: Ymd, cal: WorkingCalendar): Placement {
  const planning = planningStartFor(liveDate, t.planning_offset, cal);
  return {
    planning_start_date: planning,
    live_date: liveDate,
    tasks: t.tasks.map((task) => ({
      ...task,
      due_date: task.offset === null ? null : addWorkingDays(task.anchor === 'planning_start' ? planning : liveDate, task.offset, cal),
    })),
  };
}

/**
 * Who does each task: its named user, else the person given for its role, else nobody. A role
 * left without a person is an issue on `roles.<role>`.
 */
export function assignRoles(tasks: readonly TemplateTaskFields[], people: Readonly<Record<string, string | null | undefined>>, field = 'roles'): { assignees: Array<string | null>; issues: TemplateIssue[] } {
  const issues: TemplateIssue[] = [];
  const assignees = tasks.map((task) => {
    if (task.assignee_id) return task.assignee_id;
    if (task.role === null) return null;
    const who = people[task.role];
    if (!who) {
      if (!issues.some((i) => i.field === `${field}.${task.role}`)) issues.push({ field: `${field}.${task.role}`, message: `Choose someone for the role "${task.role}"` });
      return null;
    }
    return who;
  });
  return { assignees, issues };
}

/** A campaign's task as "Save as template" reads it. */
export interface CampaignTaskForTemplate {
  title: string;
  due_date: Ymd | null;
  assignee_id: string | null;
  required: boolean;
  note: string | null;
}

/**
 * A campaign's dates and tasks as a template (in the tasks' order): each due date becomes working
 * days from go-live, each assignee a role where `roleOf` names one (else the person stays). The
 * planning start is as many working days before go-live as the campaign's is, or further when a
 * task was due earlier still, so the template never places a task before its planning start.
 */
export function templateFromCampaign(
  campaign: { planning_start_date: Ymd; live_date: Ymd },
  tasks: readonly CampaignTaskForTemplate[],
  cal: WorkingCalendar,
  roleOf: Readonly<Record<string, string>> = {},
): PlaceableTemplate {
  const placed: TemplateTaskFields[] = tasks.map((task) => {
    const role = task.assignee_id ? (roleOf[task.assignee_id] ?? null) : null;
    return {
      title: task.title,
      offset: task.due_date === null ? null : workingDaysBetween(campaign.live_date, task.due_date, cal),
      anchor: 'live',
      assignee_id: role ? null : task.assignee_id,
      role,
      required: task.required,
      note: task.note,
    };
  });
  const earliest = Math.min(0, ...placed.map((t) => t.offset ?? 0));
  const planningOffset = Math.max(0, -workingDaysBetween(campaign.live_date, campaign.planning_start_date, cal), -earliest);
  const roles = [...new Set(placed.flatMap((t) => (t.role ? [t.role] : [])))];
  return { planning_offset: planningOffset, roles, tasks: placed };
}

/** Ranks for a new campaign's tasks in the template's order (docs/adr/0049's fractional keys). */
export function templateTaskRanks(n: number): string[] {
  return n === 0 ? [] : generateNKeysBetween(null, null, n);
}
