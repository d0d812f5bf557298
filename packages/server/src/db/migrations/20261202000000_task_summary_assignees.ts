import type { Knex } from 'knex';

const EMPTY_SUMMARY = `'{"total": 0, "done": 0, "open_required": 0, "next_due": null, "assignees": []}'::jsonb`;
const OLD_EMPTY_SUMMARY = `'{"total": 0, "done": 0, "open_required": 0, "next_due": null}'::jsonb`;

const summaries = (withAssignees: boolean) => `CREATE OR REPLACE FUNCTION campaign_task_summaries(ids uuid[]) RETURNS void LANGUAGE sql AS $$
    UPDATE campaigns c SET task_summary = s.summary
      FROM (SELECT x.id, jsonb_build_object(
                    'total', count(t.id),
                    'done', count(t.id) FILTER (WHERE t.status = 'done'),
                    'open_required', count(t.id) FILTER (WHERE t.status <> 'done' AND t.required),
                    'next_due', min(t.due_date) FILTER (WHERE t.status <> 'done')${withAssignees ? `,
                    'assignees', COALESCE(jsonb_agg(DISTINCT t.assignee_id ORDER BY t.assignee_id) FILTER (WHERE t.assignee_id IS NOT NULL), '[]'::jsonb)` : ''}) AS summary
              FROM unnest(ids) AS x(id) LEFT JOIN tasks t ON t.campaign_id = x.id
             GROUP BY x.id) s
     WHERE c.id = s.id AND c.task_summary IS DISTINCT FROM s.summary
  $$`;

const withoutTasks = (empty: string) => `CREATE OR REPLACE FUNCTION campaigns_without_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.task_summary := ${empty};
      RETURN NEW;
    END $$`;

/**
 * The task summary names the users its campaign's tasks are assigned to (`assignees`, sorted
 * distinct ids, open and done tasks alike), so the `assignee` filter (docs/adr/0050) is one
 * containment on the campaign row, in SQL and in core's rule alike (a key bound to a view with
 * that filter, the realtime feed, the widgets' in-place lists). Every campaign's summary is
 * recomputed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(summaries(true));
  await knex.raw(withoutTasks(EMPTY_SUMMARY));
  await knex.raw(`ALTER TABLE campaigns ALTER COLUMN task_summary SET DEFAULT ${EMPTY_SUMMARY}`);
  // Only a summary that changes is written (the function's IS DISTINCT FROM): all of them, once.
  await knex.raw('SELECT campaign_task_summaries(ARRAY(SELECT id FROM campaigns))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(summaries(false));
  await knex.raw(withoutTasks(OLD_EMPTY_SUMMARY));
  await knex.raw(`ALTER TABLE campaigns ALTER COLUMN task_summary SET DEFAULT ${OLD_EMPTY_SUMMARY}`);
  await knex.raw('SELECT campaign_task_summaries(ARRAY(SELECT id FROM campaigns))');
}
