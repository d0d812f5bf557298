import { campaignsToIcs, channelInfo } from '@cadence/core';
import { channelSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import { ACCESS_KEY_PREFIX, resolveCredential } from '../../auth/credentials';
import { listRows } from '../../data/crud';
import { unauthorized } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { campaigns } from '../../data/resources/campaigns';
import { whereReadable } from '../campaigns/readable';

export function calendarFeedRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get',
    path: '/api/calendar.ics',
    tag: 'Campaigns',
    access: 'public',
    summary: 'iCalendar feed of the campaigns an access key may read, as all-day events (for Outlook and Google Calendar); a key bound to a saved view lists only its campaigns',
    query: z.strictObject({ key: z.string().min(1).max(4096), channel: channelSchema.optional() }),
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
      ctx.body = campaignsToIcs(rows, { name });
      return undefined;
    },
  });
}
