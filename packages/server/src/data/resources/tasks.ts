import type { CampaignAccessFields, Task } from '@cadence/core';
import type { Knex } from 'knex';
import { iso, withIsoTimestamps } from '../present';
import { defineResource } from '../resource';

/** A task as its select reads it: its own columns, its assignee's e-mail and its campaign (docs/adr/0049). */
export type TaskRaw = Omit<Task, 'created_at' | 'updated_at' | 'completed_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
  completed_at: Date | string | null;
};

/** The table's own columns, as the API names them. */
export const TASK_COLUMNS = [
  'id', 'campaign_id', 'title', 'assignee_id', 'due_date', 'status', 'required', 'rank', 'note',
  'completed_at', 'created_by', 'created_at', 'updated_at', 'version',
] as const;

/**
 * What every task row carries of its campaign: what names and links it, and what the campaign's
 * read rule reads, so the task is judged (routes, realtime, history) with its campaign as it is now.
 */
const CAMPAIGN_OF_TASK = `json_build_object('id', campaigns.id, 'title', campaigns.title, 'status', campaigns.status, 'scope', campaigns.scope,
  'primary_channel', campaigns.primary_channel, 'channels', campaigns.channels, 'live_date', campaigns.live_date, 'created_by', campaigns.created_by) AS campaign`;

const ACCESS = (c: string) => `json_build_object('scope', ${c}.scope, 'primary_channel', ${c}.primary_channel, 'channels', ${c}.channels, 'created_by', ${c}.created_by)`;

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * Kept rows of a campaign's child (a task, a comment: a delete's history entry, a tombstone) with
 * their campaign as its rule reads it: as the campaign is now, else as the campaign's own delete
 * kept it, else null (administrators alone then read them).
 */
export async function withCampaignAccess(db: Knex, rows: ReadonlyArray<Record<string, unknown>>): Promise<Array<Record<string, unknown>>> {
  const ids = [...new Set(rows.map((r) => r.campaign_id).filter((id): id is string => typeof id === 'string'))];
  const access = new Map<string, CampaignAccessFields>();
  if (ids.length) {
    const now = await db('campaigns as c').whereIn('c.id', ids).select('c.id', db.raw(`${ACCESS('c')} AS access`));
    for (const c of now) access.set(String(c.id), parse(c.access));
    const gone = ids.filter((id) => !access.has(id));
    if (gone.length) {
      const kept = await db('history_entries')
        .where({ resource: 'campaigns', action: 'delete' })
        .whereIn('row_id', gone)
        .orderBy('id', 'asc')
        .select('row_id', 'row');
      for (const k of kept) {
        const row = parse(k.row) as Record<string, unknown> | null;
        if (row) access.set(String(k.row_id), { scope: row.scope, primary_channel: row.primary_channel, channels: row.channels, created_by: row.created_by } as CampaignAccessFields);
      }
    }
  }
  return rows.map((r) => ({ ...r, campaign: access.get(String(r.campaign_id)) ?? null }));
}

export const tasks = defineResource('tasks', {
  table: 'tasks',
  idColumn: 'tasks.id',
  label: 'Task',
  select: (db) =>
    db('tasks')
      // Joined by its name, so the campaigns' read rule in SQL (routes/campaigns/readable.ts) applies to tasks as is.
      .join('campaigns', 'campaigns.id', 'tasks.campaign_id')
      .leftJoin('users as u', 'u.id', 'tasks.assignee_id')
      .select(...TASK_COLUMNS.map((col) => `tasks.${col}`), 'u.email as assignee_email', db.raw(CAMPAIGN_OF_TASK)),
  present: (raw: TaskRaw) => ({ ...withIsoTimestamps(raw), completed_at: iso(raw.completed_at), campaign: parse(raw.campaign) }) as Task,
  // The campaign first, as its delete (which deletes its tasks) and a task's create or move take it.
  lockBefore: async (trx, id) => {
    await trx.raw('SELECT c.id FROM campaigns c JOIN tasks t ON t.campaign_id = c.id WHERE t.id = ? FOR NO KEY UPDATE OF c', [id]);
  },
  // A kept task row (a delete's history entry, a tombstone) with its campaign as the rule reads it.
  withRuleFields: withCampaignAccess,
});
