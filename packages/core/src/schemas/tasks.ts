import * as z from 'zod';
import { CAMPAIGN_STATUSES, LIMITS, SCOPES, TASK_STATUSES } from '../constants';
import { decodeTaskCursor } from '../rules/tasks';
import { channelSchema, entityMeta, idSchema, optionalText, requiredTitle, ymdSchema } from './common';

// A campaign's tasks (docs/adr/0049-campaign-tasks.md): what the server validates requests with and
// describes in its OpenAPI document. Field names are the API's, snake_case, as stored.

export const taskStatusSchema = z.enum(TASK_STATUSES, { error: `Must be one of: ${TASK_STATUSES.join(', ')}` });

const placement = {
  /** Put the task just after this task of the same campaign. */
  after: idSchema.optional(),
  /** Put the task just before this task of the same campaign. */
  before: idSchema.optional(),
};
const onePlace = (): { path: PropertyKey[]; error: string } => ({ path: ['before'], error: 'Give after or before, not both' });

const taskFields = {
  title: requiredTitle('Task title is required', LIMITS.taskTitleMaxLength),
  /** A user who may read the campaign; null: nobody. */
  assignee_id: idSchema.nullable(),
  due_date: ymdSchema.nullable(),
  status: taskStatusSchema,
  /** Required before go-live. */
  required: z.boolean({ error: 'Must be true or false' }),
  note: optionalText(LIMITS.taskNoteMaxLength),
};

/** A new task: a title, and where it goes among its campaign's tasks (the end unless `after` or `before` says). */
export const taskCreateSchema = z
  .strictObject({
    ...taskFields,
    assignee_id: taskFields.assignee_id.optional(),
    due_date: taskFields.due_date.optional(),
    status: taskFields.status.default('todo'),
    required: taskFields.required.default(false),
    note: taskFields.note.optional(),
    ...placement,
  })
  .refine((t) => !(t.after && t.before), onePlace());
export type TaskCreate = z.input<typeof taskCreateSchema>;

/** Only the fields that change; `after` or `before` moves the task (one row written). */
export const taskUpdateSchema = z
  .strictObject({ ...taskFields, ...placement })
  .partial()
  .refine((t) => !(t.after && t.before), onePlace());
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

/** The campaign a task belongs to, as every task row carries it: enough to name it, link it and judge who reads it. */
export const taskCampaignSchema = z.object({
  id: idSchema,
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  scope: z.enum(SCOPES),
  primary_channel: channelSchema.nullable(),
  channels: z.array(channelSchema),
  /** Its go-live date. */
  live_date: ymdSchema,
  created_by: idSchema.nullable(),
});
export type TaskCampaign = z.infer<typeof taskCampaignSchema>;

export const taskSchema = z.object({
  ...entityMeta,
  campaign_id: idSchema,
  title: z.string(),
  assignee_id: idSchema.nullable(),
  /** The assignee's e-mail address, for showing; null without an assignee. */
  assignee_email: z.string().nullable(),
  due_date: ymdSchema.nullable(),
  status: taskStatusSchema,
  required: z.boolean(),
  /** Its place among its campaign's tasks: lists sort by it (then id); opaque, compare as plain strings. */
  rank: z.string(),
  note: z.string().nullable(),
  created_by: idSchema.nullable(),
  /** When it was last marked done; null while it is not done. */
  completed_at: z.string().nullable(),
  campaign: taskCampaignSchema,
});
export type Task = z.infer<typeof taskSchema>;

export const TASK_LIST_STATUSES = ['open', 'done', 'all'] as const;
export type TaskListStatus = (typeof TASK_LIST_STATUSES)[number];

/**
 * `GET /api/tasks` ("My work"): tasks of the campaigns the caller may read, by due date (undated
 * last), then id; with `limit`, a full page answers the next page's cursor in `X-Next-Cursor`.
 */
export const myTasksQuerySchema = z.strictObject({
  /** `me` (the caller; an access key's creator) or a user id; left out: anyone's, unassigned ones too. */
  assignee: z.union([z.literal('me'), idSchema], { error: 'Must be me or a user id' }).optional(),
  /** `open` (not done), `done` or `all` (the default). */
  status: z.enum(TASK_LIST_STATUSES, { error: `Must be one of: ${TASK_LIST_STATUSES.join(', ')}` }).optional(),
  /** One campaign's tasks only. */
  campaign: idSchema.optional(),
  /** Only tasks due before this day (strictly; undated tasks are left out). */
  due_before: ymdSchema.optional(),
  /** Text in the task's title or its campaign's, ignoring case (≤ 200 characters, trimmed; blank: no filter). */
  q: z.string().trim().max(200, { error: 'At most 200 characters' }).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  /** Where the previous page ended: its `X-Next-Cursor`. */
  cursor: z.string().refine((s) => decodeTaskCursor(s) !== null, { error: 'Not a cursor this list handed out' }).optional(),
});
export type MyTasksQuery = z.input<typeof myTasksQuerySchema>;

/**
 * `GET /api/tasks/counts`: how many tasks My work's filters match, without reading them (the side
 * bar's count), and of those how many are open and due before `today`, the reader's own day: the
 * server never decides what day it is for someone (docs/adr/0049).
 */
export const myTaskCountsQuerySchema = myTasksQuerySchema.omit({ limit: true, cursor: true }).extend({
  /** The reader's today (`YYYY-MM-DD`): `overdue` counts open tasks due before it; left out, `overdue` is null. */
  today: ymdSchema.optional(),
});
export type MyTaskCountsQuery = z.input<typeof myTaskCountsQuerySchema>;
export const myTaskCountsSchema = z.object({ count: z.number().int(), overdue: z.number().int().nullable() });
export type MyTaskCounts = z.infer<typeof myTaskCountsSchema>;

/** A user a campaign's task may be assigned to: someone who may read the campaign. */
export const taskAssigneeSchema = z.object({ id: idSchema, email: z.string() });
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

/**
 * A campaign's tasks in four numbers, kept on the campaign row by the database (docs/adr/0049):
 * progress is `done`/`total`; `next_due` is the earliest due date of a task not done, which the
 * client compares with its own today to call the campaign overdue.
 */
export const taskSummarySchema = z.object({
  total: z.number().int(),
  done: z.number().int(),
  open_required: z.number().int(),
  next_due: ymdSchema.nullable(),
  /**
   * The users its tasks (open or done) are assigned to, sorted, once each: what the `assignee`
   * filter reads (docs/adr/0050). Always sent by the server; absent reads as none.
   */
  assignees: z.array(idSchema).optional(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;
