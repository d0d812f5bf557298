import { approvalBasis, can, CHANNEL_VALUES, channelInfo, reviewerStep, type Campaign, type Channel, type Principal } from '@cadence/core';
import { approvalRuleBodySchema, approvalRuleSchema, campaignApprovalsSchema, campaignSchema, goLiveBodySchema, reviewDecisionBodySchema, reviewRequestBodySchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { approvalsOf, loadRules, notReady, refreshApprovalSummaries, touchCampaign } from '../../approvals/store';
import { planningGate } from '../../planning-rules/store';
import type { Ctx } from '../../http/authenticate';
import { getRow, recordUpdate, withLockedRow } from '../../data/crud';
import { changedInTransaction } from '../../data/changes';
import { campaigns, type CampaignRaw } from '../../data/resources/campaigns';
import { AppError, fieldError, forbidden, validationFailed } from '../../errors';
import { recordHistory } from '../../history/record';
import type { RouteTable } from '../../http/route';
import { lastRequesterOf, notifyCampaignChanged, notifyReview } from '../../notifications/producers';
import type { Services } from '../../services';
import { usersWithRights } from '../tasks/assignees';
import { queueEvent } from '../../webhooks/events';

// Approvals per channel and the go-live gate (docs/adr/0056): rules set by administrators, review
// requests, reviewers' decisions and the administrators' override, each a history entry of the
// campaign with its actor. The gate itself is asked by every write that makes a campaign Live
// (approvals/store.ts).

const TAG = 'Approvals';
const CHANNEL_PARAM = { channel: { pattern: new RegExp(`^(${CHANNEL_VALUES.join('|')})$`), description: `One of: ${CHANNEL_VALUES.join(', ')}` } };
const access = (c: CampaignRaw) => ({ scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, created_by: c.created_by });
/** Rights on a channel: reading its own campaigns, or the main calendar's campaigns on it. */
const readsChannel = (p: Principal, ch: Channel) =>
  can(p, 'read', 'campaign', { scope: 'channel', primary_channel: ch, channels: [ch], created_by: null }) ||
  can(p, 'read', 'campaign', { scope: 'global', primary_channel: null, channels: [ch], created_by: null });

async function rulesWithEmails(db: Knex) {
  const rules = await loadRules(db);
  const users = new Map((await db('users').select('id', 'email')).map((u: { id: string; email: string }) => [u.id, u.email]));
  return CHANNEL_VALUES.map((channel) => {
    const r = rules.find((x) => x.channel === channel);
    return {
      channel,
      mode: r?.mode ?? 'none',
      steps: (r?.steps ?? []).map((s) => ({ name: s.name, reviewer_ids: [...s.reviewer_ids], reviewer_emails: s.reviewer_ids.map((id) => users.get(id) ?? '') })),
      updated_at: r?.updated_at ?? null,
    };
  });
}

/** The campaign's answer: its approval state, after any write of the caller's transaction. */
const stateOf = async (db: Knex, c: CampaignRaw) => {
  const { approvals: _a, ...state } = await approvalsOf(db, c as never);
  return state;
};

export function approvalRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get',
    path: '/api/approval-rules',
    tag: TAG,
    summary: "Every channel's approval rule (none, one or every reviewer of each step's list), with its reviewers' e-mails",
    access: 'user',
    response: z.array(approvalRuleSchema),
    handler: async ({ auth }) => {
      if (!can(auth.principal, 'read', 'approval')) throw forbidden('You may not see approval rules');
      return rulesWithEmails(s.db);
    },
  });

  t.add({
    method: 'put',
    path: '/api/approval-rules/:channel',
    params: CHANNEL_PARAM,
    tag: TAG,
    summary:
      "Set a channel's approval rule (administrators): mode none, one or every, and its reviewers in steps taken in order. " +
      'Every reviewer must be a user who may read campaigns of that channel (400 naming the field otherwise)',
    access: 'admin',
    body: approvalRuleBodySchema,
    response: approvalRuleSchema,
    handler: async ({ params, body, auth }) => {
      if (!can(auth.principal, 'administer', 'approval')) throw forbidden('Only administrators set approval rules');
      const channel = params.channel as Channel;
      const ids = [...new Set(body.steps.flatMap((st) => st.reviewer_ids))];
      const users = new Map((await usersWithRights(s.db, ids)).map((u) => [u.id, u]));
      body.steps.forEach((st, i) =>
        st.reviewer_ids.forEach((id, j) => {
          const path = `steps.${i}.reviewer_ids.${j}`;
          const u = users.get(id);
          if (!u) throw fieldError(path, 'No such user');
          if (!readsChannel(u.principal, channel)) throw fieldError(path, `${u.email} may not see ${channelInfo(channel).label} campaigns, so cannot review them`);
          if (st.reviewer_ids.indexOf(id) !== j) throw fieldError(path, `${u.email} is listed twice in this step`);
        }),
      );
      await s.db.transaction(async (trx) => {
        const before = await trx('approval_rules').where({ channel }).forUpdate().first('mode', 'steps');
        const steps = body.mode === 'none' ? [] : body.steps;
        // An administrators' record (docs/adr/0056): who changed which channel's rule, from what to what.
        await recordHistory(trx, {
          resource: 'approval-rules',
          rowId: channel,
          action: before ? 'update' : 'create',
          ...(before
            ? { changes: { mode: { before: before.mode, after: body.mode }, steps: { before: typeof before.steps === 'string' ? JSON.parse(before.steps) : before.steps, after: steps } } }
            : { row: { channel, mode: body.mode, steps } }),
        });
        await trx('approval_rules')
          .insert({ channel, mode: body.mode, steps: JSON.stringify(body.mode === 'none' ? [] : body.steps), updated_by: auth.principal.userId || null, updated_at: trx.fn.now() })
          .onConflict('channel')
          .merge();
        // Campaigns on the channel show another approval state now.
        await trx('campaigns').whereRaw('? = ANY(channels)', [channel]).update({ updated_at: trx.ref('updated_at') });
        await refreshApprovalSummaries(trx, { channel });
        changedInTransaction(trx);
      });
      return (await rulesWithEmails(s.db)).find((r) => r.channel === channel)!;
    },
  });

  t.add({
    method: 'get',
    path: '/api/campaigns/:id/approvals',
    tag: TAG,
    summary: "A campaign's approval state per channel (steps, who approved, who asked for changes), what keeps it from going live, and its review's history",
    access: 'user',
    response: campaignApprovalsSchema,
    handler: async ({ params, auth }) => {
      const c = (await getRow(s, campaigns, auth.principal, params.id!)) as unknown as CampaignRaw;
      if (!can(auth.principal, 'read', 'approval', { campaign: access(c) })) throw forbidden('You may not see this review');
      return stateOf(s.db, c);
    },
  });

  t.add({
    method: 'post',
    path: '/api/campaigns/:id/review-requests',
    tag: TAG,
    summary:
      "Request review (whoever may change the campaign): the reviewers of its channels' open steps are notified (realtime, and mail); " +
      'earlier decisions stop counting. 400 when none of its channels needs approval',
    access: 'user',
    body: reviewRequestBodySchema,
    status: 201,
    response: campaignApprovalsSchema,
    handler: async ({ params, body, auth }) => {
      const p = auth.principal;
      const state = await withLockedRow(s, campaigns, p, params.id!, null, async (trx, c: CampaignRaw) => {
        if (!can(p, 'create', 'approval', { campaign: access(c) })) throw forbidden('You may not request a review of this campaign');
        const before = await approvalsOf(trx, c as never);
        const needing = before.approvals.filter((a) => a.state !== 'not_required');
        if (!needing.length) throw fieldError('channels', 'None of this campaign\'s channels needs approval');
        await trx('campaign_reviews').insert({ campaign_id: c.id, kind: 'request', comment: body.comment || null, basis: approvalBasis(c), actor_id: p.userId || null });
        await recordHistory(trx, {
          resource: 'campaigns',
          rowId: c.id,
          action: 'review_request',
          changes: { review: { before: null, after: { channels: needing.map((a) => a.channel), comment: body.comment || null } } },
        });
        await touchCampaign(trx, c.id);
        await refreshApprovalSummaries(trx, { ids: [c.id] });
        await queueEvent(trx, {
          type: 'review.requested',
          actorId: p.userId || null,
          row: campaigns.present(c) as unknown as Record<string, unknown>,
          extra: { review: { channels: needing.map((a) => a.channel), comment: body.comment || null } },
        });
        // The reviewers of the open steps hear of it, by mail at once unless they chose otherwise (docs/adr/0060).
        const reviewers = needing.flatMap((a) => a.steps[0]?.reviewer_ids ?? []);
        await notifyReview(s, trx, { kind: 'review_requested', campaign: c, to: reviewers, actorId: p.userId || null, comment: body.comment || null });
        return stateOf(trx, c);
      });
      return state;
    },
  });

  t.add({
    method: 'post',
    path: '/api/campaigns/:id/review-decisions',
    tag: TAG,
    summary:
      "A reviewer's decision on one channel's open step: approve, or ask for changes with a comment. A fact in the campaign's history, " +
      'never reverted; 409 when the channel is not waiting for this reviewer',
    access: 'user',
    body: reviewDecisionBodySchema,
    status: 201,
    response: campaignApprovalsSchema,
    handler: async ({ params, body, auth }) => {
      const p = auth.principal;
      // Judged by the decision's own rule (a reviewer may have view rights alone), so the row's lock is taken by hand.
      const c = (await getRow(s, campaigns, p, params.id!)) as unknown as CampaignRaw;
      return s.db.transaction(async (trx) => {
        await trx('campaigns').where({ id: c.id }).forNoKeyUpdate().first('id');
        const now = ((await campaigns.select(trx).where('campaigns.id', c.id).first()) ?? c) as CampaignRaw;
        const { approvals } = await approvalsOf(trx, now as never);
        const reviewers = approvals.flatMap((a) => (a.channel === body.channel ? a.steps.flatMap((st) => st.reviewer_ids) : []));
        if (!can(p, 'update', 'approval', { campaign: access(now), reviewer_ids: reviewers })) throw forbidden('You are not a reviewer of this channel');
        const approval = approvals.find((a) => a.channel === body.channel);
        if (!approval) throw fieldError('channel', 'Not a channel of this campaign');
        const step = reviewerStep(approval, p.userId);
        if ('message' in step) throw new AppError(409, 'not_ready', step.message, [{ path: 'channel', message: step.message }]);
        const action = body.decision === 'approve' ? 'approve' : 'request_changes';
        await trx('campaign_reviews').insert({ campaign_id: c.id, kind: body.decision, channel: body.channel, step: step.step, comment: body.comment || null, basis: approvalBasis(now), actor_id: p.userId });
        await recordHistory(trx, {
          resource: 'campaigns',
          rowId: c.id,
          action,
          changes: { review: { before: null, after: { channel: body.channel, step: approval.steps[step.step]!.name, decision: body.decision, comment: body.comment || null } } },
        });
        await touchCampaign(trx, c.id);
        await refreshApprovalSummaries(trx, { ids: [c.id] });
        await queueEvent(trx, {
          type: body.decision === 'approve' ? 'review.approved' : 'review.changes_requested',
          actorId: p.userId,
          row: campaigns.present(now) as unknown as Record<string, unknown>,
          extra: { review: { channel: body.channel, step: approval.steps[step.step]!.name, decision: body.decision, comment: body.comment || null } },
        });
        // Whoever asked for the review hears the decision, and the campaign's owner (docs/adr/0060).
        await notifyReview(s, trx, {
          kind: body.decision === 'approve' ? 'approved' : 'changes_requested',
          campaign: now,
          to: [await lastRequesterOf(trx, c.id), (now as { owner_id?: string | null }).owner_id],
          actorId: p.userId || null,
          channel: body.channel,
          comment: body.comment || null,
        });
        changedInTransaction(trx);
        return stateOf(trx, now);
      });
    },
  });

  t.add({
    method: 'post',
    path: '/api/campaigns/:id/go-live',
    tag: TAG,
    summary:
      'Make a campaign Live. 409 not_ready names the missing approvals and open required tasks; an administrator may go live ' +
      'anyway with override_reason, which is kept in the campaign\'s history. If-Match guards against lost updates',
    access: 'user',
    body: goLiveBodySchema,
    response: campaignSchema,
    handler: async ({ params, body, auth, ifMatch, ctx }) => goLive(s, auth.principal, params.id!, body.override_reason, ifMatch, ctx),
  });
}

/** Status live, through the gate or past it with an administrator's reason (its own history entry). */
function goLive(s: Services, p: Principal, id: string, reason: string | undefined, ifMatch: number | null, ctx?: Ctx): Promise<Campaign> {
  return withLockedRow(s, campaigns, p, id, ifMatch, async (trx, before: CampaignRaw) => {
    if (before.status === 'live') return campaigns.present(before);
    const { missing } = await approvalsOf(trx, before as never);
    if (missing && !reason) throw notReady(missing);
    // The planning rules (docs/adr/0062) are asked too; an override is for approvals alone.
    await planningGate(trx, before as never, { ...before, status: 'live' } as never, ctx);
    if (missing && reason) {
      if (!can(p, 'administer', 'approval')) throw validationFailed('Only an administrator may go live past the gate', [{ path: 'override_reason', message: 'Only an administrator may override' }]);
      await trx('campaign_reviews').insert({ campaign_id: before.id, kind: 'override', comment: reason, basis: approvalBasis(before), actor_id: p.userId });
      await recordHistory(trx, { resource: 'campaigns', rowId: before.id, action: 'override', changes: { override: { before: missing, after: { reason } } } });
    }
    await trx('campaigns').where({ id: before.id }).update({ status: 'live', version: trx.raw('version + 1'), updated_at: trx.fn.now() });
    const after = campaigns.present((await campaigns.select(trx).where('campaigns.id', before.id).first()) as CampaignRaw);
    await recordUpdate(trx, campaigns, before.id, campaigns.present(before), after, ['status']);
    await notifyCampaignChanged(s, trx, { before: before as never, after: { status: 'live' }, actorId: p.userId || null });
    return after;
  });
}
