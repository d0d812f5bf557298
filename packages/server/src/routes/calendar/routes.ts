import { ICS_TASK_MODES, can, campaignsToIcs, channelInfo } from '@cadence/core';
import { channelSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import { ACCESS_KEY_PREFIX, resolveCredential } from '../../auth/credentials';
import { listRows } from '../../data/crud';
import { unauthorized } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { campaigns } from '../../data/resources/campaigns';
import { tasks, type TaskRaw } from '../../data/resources/tasks';
import { whereReadable } from '../campaigns/readable';

export function calendarFeedRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get',
    path: '/api/calendar.ics',
    tag: 'Campaigns',
    access: 'public',
    summary:
      'iCalendar feed of the campaigns an access key may read, as all-day events (for Outlook and Google Calendar); a key bound to a saved view lists only its campaigns. ' +
      'tasks=todo adds the tasks of those campaigns the key may read as to-dos (VTODO: DUE date, STATUS NEEDS-ACTION, IN-PROCESS or COMPLETED); ' +
      'tasks=event adds the dated ones as all-day events on their due dates (docs/adr/0049); a key bound to a view reads no tasks',
    query: z.strictObject({
      key: z.string().min(1).max(4096),
      channel: channelSchema.optional(),
      tasks: z.enum(ICS_TASK_MODES, { error: `Must be one of ${ICS_TASK_MODES.join(', ')}` }).optional(),
    }),
    handler: async ({ query, ctx }) => {
      // Calendar apps cannot send headers, so the key travels in the URL; only access keys qualify.
      const result = query.key.startsWith(ACCESS_KEY_PREFIX) ? await resolveCredential(s, query.key) : null;
      if (!result || 'failure' in result) throw unauthorized('Invalid or revoked access key');
      const q = whereReadable(campaigns.select(s.db), result.auth.principal).orderBy([{ column: 'live_date' }, { column: 'id' }]);
      if (query.channel) q.whereRaw('campaigns.channels @> ?::text[]', [[query.channel]]);
      const rows = await listRows(campaigns, result.auth.principal, q);
      // A key bound to a saved view lists that view's campaigns alone (whereReadable), under its name.
      const view = result.auth.view;
      const name = view ? `Cadence: ${view.name}` : query.channel ? `Cadence: ${channelInfo(query.channel).label}` : 'Cadence campaigns';
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.set('Content-Disposition', 'inline; filename="cadence.ics"');
      let taskRows: ReturnType<typeof tasks.present>[] = [];
      const p = result.auth.principal;
      if (query.tasks && rows.length && can(p, 'read', 'task')) {
        const raws: TaskRaw[] = await tasks.select(s.db).whereRaw('tasks.campaign_id = ANY(?::uuid[])', [rows.map((r) => r.id)]).orderByRaw('tasks.due_date ASC NULLS LAST, tasks.id ASC');
        taskRows = raws.filter((raw) => can(p, 'read', 'task', raw)).map((raw) => tasks.present(raw));
      }
      ctx.body = campaignsToIcs(rows, { name, ...(query.tasks ? { tasks: taskRows, tasksAs: query.tasks } : {}) });
      return undefined;
    },
  });
}
