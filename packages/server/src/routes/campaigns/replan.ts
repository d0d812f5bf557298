import { replanTasks, todayYmd, type ReplanPlan, type ReplanReport, type Ymd } from '@cadence/core';
import type { Knex } from 'knex';
import { changedInTransaction } from '../../data/changes';
import { entryColumns } from '../../history/record';
import { fieldError } from '../../errors';
import type { Ctx } from '../../http/authenticate';
import { loadWorkingCalendar } from '../../working-calendar/load';

/**
 * Re-planning (docs/adr/0053-replanning-on-go-live.md): a campaign update that moves go-live moves
 * every open task by the same number of working days, in the update's transaction, each task an
 * entry of the history with the caller as its actor. An update that names `task_due_dates` (an
 * Undo) writes those exact dates instead. What moved and what is flagged go back in `X-Replan`.
 */

export const REPLAN_HEADER = 'X-Replan';

type ReplanSummary = ReplanReport;

type Exact = Record<string, Ymd> | undefined;

const ymd = (v: unknown): Ymd | null => (v == null ? null : String(v).slice(0, 10));

/**
 * Takes `task_due_dates` out of the patch (it is no column) and writes the re-plan it or the new
 * `live_date` asks for. Returns the patch to write on the campaign.
 */
export async function replanWithUpdate(
  trx: Knex,
  campaign: { id: string; live_date: unknown },
  patch: Record<string, unknown>,
  ctx: Ctx | undefined,
): Promise<Record<string, unknown>> {
  const { task_due_dates: exact, ...rest } = patch as Record<string, unknown> & { task_due_dates?: Exact };
  const fromLive = ymd(campaign.live_date);
  const toLive = rest.live_date === undefined ? fromLive : ymd(rest.live_date);
  const open = await trx('tasks')
    .where({ campaign_id: campaign.id })
    .select('id', trx.raw('due_date::text AS due_date'), 'status')
    .orderBy('id');
  let summary: ReplanSummary | null = null;
  if (exact) {
    const mine = new Map(open.map((t: { id: string; due_date: string | null }) => [t.id, t.due_date]));
    const unknown = Object.keys(exact).find((id) => !mine.has(id));
    if (unknown) throw fieldError(`task_due_dates.${unknown}`, 'Not a task of this campaign');
    const moved = Object.entries(exact).filter(([id, to]) => mine.get(id) !== to).map(([id, to]) => [id, mine.get(id)!, to] as [string, Ymd, Ymd]);
    summary = { working_days: 0, moved, flagged: [] };
  } else if (fromLive && toLive && fromLive !== toLive) {
    const plan: ReplanPlan = replanTasks(open, fromLive, toLive, await loadWorkingCalendar(trx), todayYmd());
    summary = {
      working_days: plan.workingDays,
      moved: plan.moves.map((m) => [m.id, m.from, m.to]),
      flagged: plan.flagged.map((f) => [f.id, f.flag]),
    };
  }
  if (summary && summary.moved.length) await writeDueDates(trx, summary.moved);
  if (summary && ctx) ctx.set(REPLAN_HEADER, JSON.stringify(summary));
  return rest;
}

/**
 * One UPDATE for every task, then one INSERT of every task's history entry (its due date, before
 * and after, the caller as actor): two statements however many tasks move.
 */
async function writeDueDates(trx: Knex, moved: ReadonlyArray<[string, Ymd, Ymd]>): Promise<void> {
  const values = moved.map(() => '(?::uuid, ?::date)').join(', ');
  await trx.raw(
    `UPDATE tasks SET due_date = v.due_date, version = tasks.version + 1, updated_at = now()
       FROM (VALUES ${values}) AS v(id, due_date) WHERE tasks.id = v.id`,
    moved.flatMap(([id, , to]) => [id, to]),
  );
  changedInTransaction(trx);
  await trx('history_entries').insert(
    moved.map(([id, from, to]) => entryColumns({ resource: 'tasks', rowId: id, action: 'update', changes: { due_date: { before: from, after: to } } })),
  );
}
