import { DEFAULT_TIME_ZONE, localClock, reminderWindow } from '@cadence/core';
import type { Knex } from 'knex';
import { DEMO_REVIEW } from './approvals';

// Demo inbox (docs/adr/0060): unread items for both demo accounts, as the server would have written
// them; marked mailed and digested already, so a demo install sends no mail about its seed.

export async function seedNotifications(trx: Knex, admin: string, viewer: string): Promise<void> {
  const campaigns: Array<{ id: string; title: string; live_date: string; status: string }> = await trx('campaigns')
    .whereIn('title', [DEMO_REVIEW.waiting, DEMO_REVIEW.approved, 'LinkedIn thought-leadership series'])
    .select('id', 'title', 'live_date', 'status');
  const byTitle = new Map(campaigns.map((c) => [c.title, c]));
  const waiting = byTitle.get(DEMO_REVIEW.waiting)!;
  const approved = byTitle.get(DEMO_REVIEW.approved)!;
  const social = byTitle.get('LinkedIn thought-leadership series') ?? waiting;
  const viewerTask = await trx('tasks').where({ assignee_id: viewer }).whereNot({ status: 'done' }).orderBy('due_date').first('id', 'title', 'campaign_id', 'due_date');
  const taskCampaign = viewerTask ? await trx('campaigns').where({ id: viewerTask.campaign_id }).first('title') : null;
  const minutesAgo = (m: number) => trx.raw(`now() - interval '${m} minutes'`);
  const done = { emailed_at: trx.fn.now(), digested_at: trx.fn.now() };
  const item = (user_id: string, kind: string, campaign: { id: string; title: string }, actor: string | null, data: object, m: number, extra: object = {}) => ({
    user_id, kind, campaign_id: campaign.id, actor_id: actor, data: JSON.stringify({ campaign_title: campaign.title, ...data }),
    delivery: 'app', created_at: minutesAgo(m), updated_at: minutesAgo(m), ...done, ...extra,
  });
  await trx('notifications').insert([
    // The viewer reviews email campaigns: one waits for them; they were given a task; a campaign they work on moved.
    item(viewer, 'review_requested', waiting, admin, {}, 12),
    ...(viewerTask && taskCampaign
      ? [item(viewer, 'task_assigned', { id: viewerTask.campaign_id, title: taskCampaign.title }, admin, { task_title: viewerTask.title, due_date: viewerTask.due_date }, 45, { task_id: viewerTask.id })]
      : []),
    item(viewer, 'campaign_changed', social, admin, { changes: { status: { before: 'planning', after: 'in-progress' } } }, 180),
    // The administrator asked for both reviews: one came back approved.
    item(admin, 'approved', approved, viewer, { channel: 'email' }, 30),
    item(admin, 'campaign_changed', waiting, viewer, { changes: { status: { before: 'planning', after: waiting.status } } }, 240, { read_at: minutesAgo(200) }),
    item(admin, 'mentioned', social, viewer, { excerpt: 'Can we move the second post to Thursday?' }, 90),
  ]);
  await seedReminders(trx, done);
}

/**
 * The reminders the task-reminders task would write today (docs/adr/0060): written with the seed,
 * so a demo server (or one restored from its backup) starts with nothing left to remind.
 */
async function seedReminders(trx: Knex, done: object): Promise<void> {
  const w = reminderWindow(localClock(new Date(), DEFAULT_TIME_ZONE).day);
  const due: Array<{ id: string; title: string; assignee_id: string; campaign_id: string; due_date: string; campaign_title: string }> = await trx('tasks AS t')
    .join('campaigns AS c', 'c.id', 't.campaign_id')
    .whereNotNull('t.assignee_id')
    .whereNot('t.status', 'done')
    .where((q) => q.where('t.due_date', w.tomorrow).orWhere((o) => o.where('t.due_date', '>=', w.overdueFrom).where('t.due_date', '<', w.overdueBefore)))
    .select('t.id', 't.title', 't.assignee_id', 't.campaign_id', 'c.title AS campaign_title', trx.raw(`to_char(t.due_date, 'YYYY-MM-DD') AS due_date`));
  if (!due.length) return;
  await trx('notifications').insert(
    due.map((t) => ({
      user_id: t.assignee_id,
      kind: t.due_date === w.tomorrow ? 'task_due_tomorrow' : 'task_overdue',
      campaign_id: t.campaign_id,
      task_id: t.id,
      day: t.due_date,
      data: JSON.stringify({ campaign_title: t.campaign_title, task_title: t.title, due_date: t.due_date }),
      delivery: 'app',
      ...done,
    })),
  );
}
