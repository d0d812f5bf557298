import type { Knex } from 'knex';

// Values are spelled out, not imported: a landed migration must not change when core does.
const TASK_STATUSES = ['todo', 'in_progress', 'done'];
const EMPTY_SUMMARY = `'{"total": 0, "done": 0, "open_required": 0, "next_due": null}'::jsonb`;

/**
 * A campaign's tasks (docs/adr/0049-campaign-tasks.md).
 *
 * - `tasks`: one row per task, ordered within its campaign by `rank`, a fractional-indexing key
 *   compared byte by byte (`COLLATE "C"`: a locale's collation would sort "Zz" after "a0"), so a
 *   move writes one row. Deleted with its campaign. On the realtime feed like every data table
 *   (docs/adr/0023): `change_xid`, the stamp trigger and the tombstone trigger with its entity's name.
 * - `campaigns.task_summary`: the campaign's tasks in four numbers, kept by statement triggers on
 *   `tasks` (every write path: routes, reverts, cascades, demo data). The campaign's update stamps
 *   its row for the feed, so the change reaches every dashboard as a campaign change, but leaves
 *   `version` and `updated_at` alone: a task's change must not make an open campaign edit conflict.
 *   A campaign written anew (a create, an import, a revert that brings a deleted one back) has no
 *   tasks yet, whatever its values say. Existing campaigns start at zero (the column's default).
 * - History entries about tasks keep their campaign's access, as campaign entries do (migration
 *   20261129000000): a change made while the campaign sat in a channel a reader cannot read keeps
 *   its values from that reader.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE tasks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    title text NOT NULL CONSTRAINT tasks_title_check CHECK (char_length(title) BETWEEN 1 AND 200),
    assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
    due_date date,
    status text NOT NULL DEFAULT 'todo' CONSTRAINT tasks_status_check CHECK (status IN (${TASK_STATUSES.map((s) => `'${s}'`).join(', ')})),
    required boolean NOT NULL DEFAULT false,
    rank text COLLATE "C" NOT NULL,
    note text CONSTRAINT tasks_note_check CHECK (note IS NULL OR char_length(note) <= 5000),
    completed_at timestamptz,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1,
    change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
  )`);
  // A campaign's list in its order; My work by assignee and due date; the feed's reads.
  await knex.raw('CREATE INDEX tasks_campaign_rank ON tasks (campaign_id, rank, id)');
  await knex.raw('CREATE INDEX tasks_assignee_due ON tasks (assignee_id, due_date, id)');
  await knex.raw('CREATE INDEX tasks_change_xid ON tasks (change_xid)');
  await knex.raw('CREATE TRIGGER tasks_feed_stamp BEFORE UPDATE ON tasks FOR EACH ROW EXECUTE FUNCTION feed_stamp()');
  await knex.raw(`CREATE TRIGGER tasks_feed_tombstones AFTER DELETE ON tasks REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION feed_tombstones('tasks')`);

  await knex.raw(`ALTER TABLE campaigns ADD COLUMN task_summary jsonb NOT NULL DEFAULT ${EMPTY_SUMMARY}`);
  await knex.raw(`CREATE FUNCTION campaign_task_summaries(ids uuid[]) RETURNS void LANGUAGE sql AS $$
    UPDATE campaigns c SET task_summary = s.summary
      FROM (SELECT x.id, jsonb_build_object(
                    'total', count(t.id),
                    'done', count(t.id) FILTER (WHERE t.status = 'done'),
                    'open_required', count(t.id) FILTER (WHERE t.status <> 'done' AND t.required),
                    'next_due', min(t.due_date) FILTER (WHERE t.status <> 'done')) AS summary
              FROM unnest(ids) AS x(id) LEFT JOIN tasks t ON t.campaign_id = x.id
             GROUP BY x.id) s
     WHERE c.id = s.id AND c.task_summary IS DISTINCT FROM s.summary
  $$`);
  await knex.raw(`CREATE FUNCTION tasks_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM campaign_task_summaries(ARRAY(SELECT DISTINCT campaign_id FROM new_rows));
      ELSIF TG_OP = 'UPDATE' THEN
        PERFORM campaign_task_summaries(ARRAY(SELECT campaign_id FROM new_rows UNION SELECT campaign_id FROM old_rows));
      ELSE
        PERFORM campaign_task_summaries(ARRAY(SELECT DISTINCT campaign_id FROM old_rows));
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw('CREATE TRIGGER tasks_summary_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_summarise()');
  await knex.raw('CREATE TRIGGER tasks_summary_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_summarise()');
  await knex.raw('CREATE TRIGGER tasks_summary_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_summarise()');
  await knex.raw(`CREATE FUNCTION campaigns_without_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.task_summary := ${EMPTY_SUMMARY};
      RETURN NEW;
    END $$`);
  await knex.raw('CREATE TRIGGER campaigns_without_tasks BEFORE INSERT ON campaigns FOR EACH ROW EXECUTE FUNCTION campaigns_without_tasks()');

  await knex.raw(`CREATE OR REPLACE FUNCTION history_entry_access() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE uuid_re constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
            campaign uuid;
    BEGIN
      IF NEW.resource = 'tasks' THEN
        IF NEW.row IS NOT NULL AND NEW.row->>'campaign_id' ~* uuid_re THEN
          campaign := (NEW.row->>'campaign_id')::uuid;
        ELSIF NEW.row IS NULL AND NEW.row_id ~* uuid_re THEN
          SELECT t.campaign_id INTO campaign FROM tasks t WHERE t.id = NEW.row_id::uuid;
        END IF;
      ELSIF NEW.row IS NOT NULL THEN
        NEW.access := jsonb_build_object('scope', NEW.row->'scope', 'primary_channel', NEW.row->'primary_channel',
                                         'channels', NEW.row->'channels', 'created_by', NEW.row->'created_by');
        RETURN NEW;
      ELSIF NEW.row_id ~* uuid_re THEN
        campaign := NEW.row_id::uuid;
      END IF;
      IF campaign IS NOT NULL THEN
        SELECT jsonb_build_object('scope', c.scope, 'primary_channel', c.primary_channel, 'channels', to_jsonb(c.channels), 'created_by', c.created_by)
          INTO NEW.access FROM campaigns c WHERE c.id = campaign;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('DROP TRIGGER history_entry_access ON history_entries');
  await knex.raw(`CREATE TRIGGER history_entry_access BEFORE INSERT ON history_entries FOR EACH ROW
    WHEN (NEW.resource IN ('campaigns', 'tasks') AND NEW.row_id IS NOT NULL AND NEW.access IS NULL)
    EXECUTE FUNCTION history_entry_access()`);
}

/** Back to the function and trigger of 20261130000000; the tasks, their summaries and their triggers go. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS history_entry_access ON history_entries');
  await knex.raw(`CREATE OR REPLACE FUNCTION history_entry_access() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.row IS NOT NULL THEN
        NEW.access := jsonb_build_object('scope', NEW.row->'scope', 'primary_channel', NEW.row->'primary_channel',
                                         'channels', NEW.row->'channels', 'created_by', NEW.row->'created_by');
      ELSIF NEW.row_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
        SELECT jsonb_build_object('scope', c.scope, 'primary_channel', c.primary_channel, 'channels', to_jsonb(c.channels), 'created_by', c.created_by)
          INTO NEW.access FROM campaigns c WHERE c.id = NEW.row_id::uuid;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER history_entry_access BEFORE INSERT ON history_entries FOR EACH ROW
    WHEN (NEW.resource = 'campaigns' AND NEW.row_id IS NOT NULL AND NEW.access IS NULL)
    EXECUTE FUNCTION history_entry_access()`);
  await knex.raw('DROP TRIGGER IF EXISTS campaigns_without_tasks ON campaigns');
  await knex.raw('DROP TABLE IF EXISTS tasks');
  await knex.raw('DROP FUNCTION IF EXISTS tasks_summarise(), campaign_task_summaries(uuid[]), campaigns_without_tasks()');
  await knex.raw('ALTER TABLE campaigns DROP COLUMN IF EXISTS task_summary');
}
