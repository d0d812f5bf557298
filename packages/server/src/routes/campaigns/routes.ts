import type { Knex } from 'knex';
import {
  touchesApprovedFields,
  can,
  lacksPrimaryChannel,
  decodeListCursor,
  type CampaignImportRow,
  normalizeScopedCampaign,
  PRIMARY_CHANNEL_MESSAGE,
  type Campaign,
  type Principal,
} from '@cadence/core';
import { campaignCreateSchema, campaignListQuerySchema, campaignSchema, campaignUpdateSchema, CAMPAIGN_IMPORT } from '@cadence/core/schemas';
import { z } from 'zod';
import { insertAndLog } from '../../data/bulk-insert';
import type { ImportTarget } from '../../data/imports/pipeline';
import { importRoute } from '../imports';
import { promoteCampaign } from '../../commands/promote-campaign';
import { listRows, page } from '../../data/crud';
import { afterCursor, listPage } from '../../data/list-page';
import { fieldError, forbidden } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { listFilterContext, whereListFilters, whereTouchesWindow } from './filters';
import { campaigns, type CampaignRaw } from '../../data/resources/campaigns';
import { whereReadable } from './readable';
import { campaignStatsRoute } from './stats';
import { REPLAN_HEADER, replanWithUpdate } from './replan';
import { notifyCampaignChanged } from '../../notifications/producers';
import { standardRoutes } from '../standard-routes';
import { approvalSummaryFor, goLiveGate, goLiveGateMany, withNewApprovalSummaries } from '../../approvals/store';
import { planningGate, planningGateMany } from '../../planning-rules/store';

const TAG = 'Campaigns';
/** Where a full page of GET /api/campaigns?limit says the next one starts (exposed to browsers by CORS). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** Channel scope keeps exactly its primary channel; global scope has none (docs/architecture.md#row-shapes). */
function scoped<T extends { scope?: Campaign['scope']; primary_channel?: Campaign['primary_channel']; channels?: Campaign['channels'] }>(
  values: T,
): T {
  if (!values.scope) return values;
  const normalized = normalizeScopedCampaign({
    scope: values.scope,
    primary_channel: values.primary_channel ?? null,
    channels: values.channels ?? [],
  });
  return { ...values, ...normalized };
}

/**
 * The fields to write for a PATCH: the body, plus the scope fields as normalised. A change of
 * scope or channels needs the write right both before (checked by updateRow) and after.
 */
function campaignPatch(p: Principal, before: CampaignRaw, body: z.output<typeof campaignUpdateSchema>): Record<string, unknown> {
  const merged = { ...before, ...body };
  if (lacksPrimaryChannel(merged)) throw fieldError('primary_channel', PRIMARY_CHANNEL_MESSAGE);
  const next = scoped(merged);
  if (!can(p, 'update', 'campaign', next)) throw forbidden('You may not move this campaign there');
  const patch: Record<string, unknown> = { ...body };
  for (const key of ['scope', 'primary_channel', 'channels'] as const) {
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) patch[key] = next[key];
  }
  if (body.channel_config !== undefined) patch.channel_config = JSON.stringify(body.channel_config);
  return patch;
}

/** A file's campaigns: each row needs the write right where it lands, as a create does. */
const CAMPAIGN_TARGET: ImportTarget<CampaignImportRow> = {
  spec: CAMPAIGN_IMPORT,
  table: 'campaigns',
  topic: campaigns.entity,
  existingKeysSql: "SELECT lower(title) || '|' || live_date::text AS k FROM campaigns",
  allow: (p, row, line) => {
    if (!can(p, 'create', 'campaign', { ...row, primary_channel: row.primary_channel ?? null, created_by: p.userId })) throw forbidden(`Line ${line}: you may not create campaigns there`);
  },
  load: {
    kind: 'insert',
    maxRows: 20_000,
    values: (row, p) => ({ ...row, channel_config: JSON.stringify(row.channel_config), created_by: p.userId }),
    insert: async (trx, rows, lines) => {
      await goLiveGateMany(trx, rows as never, lines);
      await planningGateMany(trx, rows as never, lines);
      return insertAndLog(trx, campaigns, await withNewApprovalSummaries(trx, rows));
    },
  },
};

/** An owner_id names a user of this install (400 on the field otherwise); null clears it. */
async function checkOwner(db: Knex, ownerId: unknown): Promise<void> {
  if (typeof ownerId !== 'string') return;
  if (!(await db('users').where({ id: ownerId }).first('id'))) throw fieldError('owner_id', 'Not a user of this install');
}

export function campaignRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get',
    path: '/api/campaigns',
    tag: TAG,
    summary:
      'Campaigns the caller may read, newest first (created_at, then id); from/to select the ones whose spans touch that window. ' +
      `With limit, a full page answers the next page's cursor in the ${NEXT_CURSOR_HEADER} header (pass it as cursor; no header: last page); ` +
      'the body stays a plain array, and without limit every row is returned (docs/adr/0020)',
    access: 'user',
    query: campaignListQuerySchema,
    response: z.array(campaignSchema),
    responseHeaders: {
      [NEXT_CURSOR_HEADER]: 'Only with limit, on a full page: pass it as cursor for the next page; absent on the last page',
    },
    handler: async ({ query, auth, ctx }) => {
      const q = whereReadable(campaigns.select(s.db), auth.principal).orderBy([
        { column: 'campaigns.created_at', order: 'desc' },
        { column: 'campaigns.id', order: 'desc' },
      ]);
      whereListFilters(whereTouchesWindow(q, query.from, query.to), query, await listFilterContext(s.db, query, auth.principal.userId));
      if (query.cursor) afterCursor(q, 'campaigns', decodeListCursor(query.cursor)!);
      // Without a limit: every row, as before (the CLI's exports rely on it).
      if (!query.limit) return listRows(campaigns, auth.principal, page(q, query));
      const { rows, next } = await listPage(s.db, campaigns, auth.principal, page(q, query), query.limit);
      if (next) ctx.set(NEXT_CURSOR_HEADER, next);
      return rows;
    },
  });

  // Before /:id, which would otherwise take "stats" for an id.
  campaignStatsRoute(s, t, TAG);

  standardRoutes(s, t, {
    base: '/api/campaigns',
    tag: TAG,
    noun: 'campaign',
    resource: campaigns,
    row: campaignSchema,
    create: {
      summary: 'Create a campaign; created_by comes from the caller',
      body: campaignCreateSchema,
      values: (body, { auth }) => {
        const values = scoped(body);
        return { ...values, primary_channel: values.primary_channel ?? null, channel_config: JSON.stringify(values.channel_config), created_by: auth.principal.userId };
      },
      refusal: 'You may not create campaigns here',
      check: async (row, { ctx }) => {
        await checkOwner(s.db, row.owner_id);
        await goLiveGate(s.db, null, row as never);
      },
      prepare: async (values, { ctx }, trx) => {
        // In the insert's transaction: writes a blocking rule judges take turns (docs/adr/0062).
        await planningGate(trx, null, values as never, ctx);
        // Its approval summary (docs/adr/0056): each channel needing approval, not requested yet.
        return { ...values, approval_summary: await approvalSummaryFor(trx, { ...values, id: undefined } as never) };
      },
    },
    update: {
      summary:
        'Change only the given fields; If-Match guards against lost updates. A new live_date moves every open task by the same working days ' +
        `(task_due_dates instead sets those tasks' exact dates, as an Undo does); what moved and what is flagged is in ${REPLAN_HEADER} (docs/adr/0053)`,
      body: campaignUpdateSchema,
      patch: async (body, before, { auth, ctx }, trx) => {
        const patch = await replanWithUpdate(trx, before, campaignPatch(auth.principal, before, body), ctx);
        // The planning rules judge the campaign where it lands (docs/adr/0062): a block rolls the re-plan back with it.
        await planningGate(trx, before as never, { ...before, ...patch } as never, ctx);
        // Its watchers hear of new dates or a new status (docs/adr/0060); a refused check below takes the items back with the write.
        await notifyCampaignChanged(s, trx, { before: before as never, after: patch, actorId: auth.principal.userId || null });
        return patch;
      },
      check: async (before, patch, trx) => {
        if (patch.owner_id !== undefined && patch.owner_id !== (before as { owner_id?: unknown }).owner_id) await checkOwner(trx, patch.owner_id);
        await goLiveGate(trx, before as never, { ...before, ...patch } as never);
        // A change of the approved fields (dates, brief, channels) moves the approval summary (docs/adr/0056).
        if (touchesApprovedFields(before as never, patch)) patch.approval_summary = await approvalSummaryFor(trx, { ...before, ...patch } as never);
      },
    },
    remove: { summary: 'Delete a campaign' },
  });

  importRoute(s, t, { kind: 'campaigns', tag: TAG, target: CAMPAIGN_TARGET, allowed: (p) => can(p, 'create', 'campaign'), describe: 'columns named by the header' });

  t.add({
    method: 'post',
    path: '/api/campaigns/:id/promote',
    tag: TAG,
    summary: 'Promote a channel-only campaign to the main calendar (scope global, primary channel cleared)',
    access: 'user',
    response: campaignSchema,
    handler: ({ params, auth, ifMatch }) => promoteCampaign(s, auth.principal, params.id!, ifMatch),
  });
}
