import {
  approvalBasis,
  approvalSummary,
  becomesLive,
  campaignApprovals,
  can,
  CadenceApiError,
  channelInfo,
  gateMessage,
  gateMissing,
  reviewerStep,
  CHANNEL_VALUES,
  type ApprovalRule,
  type RuleWarningOptions,
  type ApprovalsApi,
  type Campaign,
  type CampaignApprovals,
  type Channel,
  type Principal,
  type ReviewEvent,
  type Task,
} from '@cadence/core';
import { approvalRuleBodySchema, reviewDecisionBodySchema } from '@cadence/core/schemas';
import { checkVersion, forbidden, notFound, validation, type Run } from './memory-crud';
import type { MemoryLog } from './memory-history';

// Approvals in memory, as the server keeps them (docs/adr/0056): rules per channel, a campaign's
// review facts, its state by core's rules, and the go-live gate with an administrator's override.

export interface MemoryApprovalsOptions {
  run: Run;
  now: () => string;
  principal: Principal;
  campaigns: Campaign[];
  tasks: () => Task[];
  users: () => Array<{ id: string; email: string; role?: Principal['role'] | undefined }>;
  /** Permission records: a reviewer needs rights on the channel, as on the server. */
  permissions: () => ReadonlyArray<{ user_id: string; permission_type: Principal['permissions'][number]['permission_type']; channel: Channel | null }>;
  log: MemoryLog;
  save: (row: Campaign, next: Campaign, action?: string, fields?: Iterable<string>) => Campaign;
  rules?: ApprovalRule[];
  /** The planning rules' gate (docs/adr/0062), which going Live asks too. */
  ruleGate?: (before: Campaign, after: Campaign, o?: RuleWarningOptions) => void;
}

type Fact = Omit<ReviewEvent, 'kind'> & { id: string; campaign_id: string; kind: ReviewEvent['kind'] | 'override'; comment: string | null; created_at: string };

const access = (c: Campaign) => ({ scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, created_by: c.created_by });

export function memoryApprovals(o: MemoryApprovalsOptions) {
  const { run, now, principal: p, campaigns, log } = o;
  const rules: ApprovalRule[] = structuredClone(o.rules ?? []);
  const facts: Fact[] = [];
  let seq = 0;
  const emailOf = (id: string | null) => (id ? (o.users().find((u) => u.id === id)?.email ?? null) : null);
  const find = (id: string) => {
    const c = campaigns.find((x) => x.id === id);
    if (!c || !can(p, 'read', 'campaign', c)) throw notFound();
    return c;
  };
  const stateOf = (c: Campaign): CampaignApprovals => {
    const mine = facts.filter((f) => f.campaign_id === c.id);
    const approvals = campaignApprovals(c.channels, rules, mine.filter((f): f is Fact & { kind: ReviewEvent['kind'] } => f.kind !== 'override'), approvalBasis(c));
    const openRequired = o.tasks().filter((t) => t.campaign_id === c.id && t.required && t.status !== 'done').length;
    return structuredClone({
      campaign_id: c.id,
      channels: approvals,
      missing: gateMissing(approvals, openRequired),
      events: mine.map((f) => ({ id: f.id, kind: f.kind, channel: f.channel, step: f.step, comment: f.comment, actor_id: f.actor_id, actor_email: emailOf(f.actor_id), created_at: f.created_at })),
    }) as CampaignApprovals;
  };
  /** The row's approval summary, as the server keeps it (docs/adr/0056): core's rule, version untouched. */
  const summaryOf = (c: Campaign): Campaign['approval_summary'] => approvalSummary(stateOf(c).channels);
  const refresh = (c: Campaign) => void (c.approval_summary = summaryOf(c));
  // Campaigns given without one get today's (a fixture may give its own).
  for (const c of campaigns) if (c.approval_summary === undefined && summaryOf(c)) c.approval_summary = summaryOf(c);
  const add = (c: Campaign, fact: Omit<Fact, 'id' | 'seq' | 'campaign_id' | 'basis' | 'created_at' | 'actor_id'>) => {
    seq += 1;
    facts.push({ ...fact, id: String(seq), seq, campaign_id: c.id, basis: approvalBasis(c), actor_id: p.userId, created_at: now() });
  };
  const notReady = (c: Campaign) => {
    const missing = stateOf(c).missing;
    if (!missing) return null;
    const details = [
      ...missing.channels.map((m) => ({ path: `approvals.${m.channel}`, message: `${channelInfo(m.channel).label}: ${m.state.replace('_', ' ')}` })),
      ...(missing.open_required ? [{ path: 'tasks', message: `${missing.open_required} required ${missing.open_required === 1 ? 'task is' : 'tasks are'} open` }] : []),
    ];
    return new CadenceApiError(409, 'not_ready', gateMessage(missing, (ch) => channelInfo(ch).label), details);
  };
  /** The gate for a write that makes `before` into `after` (the campaigns' create and update ask it). */
  const gate = (before: Campaign | null, after: Campaign) => {
    if (!becomesLive(before, after)) return;
    const err = notReady({ ...after, id: before?.id ?? after.id });
    if (err) throw err;
  };

  const api: ApprovalsApi = {
    rules: () =>
      run('approvals.rules', () =>
        CHANNEL_VALUES.map((channel) => {
          const r = rules.find((x) => x.channel === channel);
          return {
            channel,
            mode: r?.mode ?? 'none',
            steps: (r?.steps ?? []).map((s) => ({ name: s.name, reviewer_ids: [...s.reviewer_ids], reviewer_emails: s.reviewer_ids.map((id) => emailOf(id) ?? '') })),
            updated_at: null,
          };
        }),
      ),
    setRule: (channel: Channel, body) =>
      run('approvals.setRule', () => {
        if (!can(p, 'administer', 'approval')) throw forbidden();
        const parsed = approvalRuleBodySchema.safeParse(body);
        if (!parsed.success) throw validation(parsed.error.issues);
        parsed.data.steps.forEach((st, i) =>
          st.reviewer_ids.forEach((id, j) => {
            const path = ['steps', i, 'reviewer_ids', j];
            const u = o.users().find((x) => x.id === id);
            if (!u) throw validation([{ path, message: 'No such user' }]);
            const who: Principal = { userId: id, role: u.role ?? null, permissions: o.permissions().filter((r) => r.user_id === id).map(({ permission_type, channel: ch }) => ({ permission_type, channel: ch })) };
            const reads =
              can(who, 'read', 'campaign', { scope: 'channel', primary_channel: channel, channels: [channel], created_by: null }) ||
              can(who, 'read', 'campaign', { scope: 'global', primary_channel: null, channels: [channel], created_by: null });
            if (!reads) throw validation([{ path, message: `${u.email} may not see ${channelInfo(channel).label} campaigns, so cannot review them` }]);
          }),
        );
        const rule: ApprovalRule = { channel, mode: parsed.data.mode, steps: parsed.data.mode === 'none' ? [] : parsed.data.steps };
        const at = rules.findIndex((r) => r.channel === channel);
        if (at >= 0) rules[at] = rule;
        else rules.push(rule);
        // Every campaign on the channel shows its new state.
        for (const c of campaigns) if (c.channels.includes(channel)) refresh(c);
        return { channel, mode: rule.mode, steps: rule.steps.map((s) => ({ name: s.name, reviewer_ids: [...s.reviewer_ids], reviewer_emails: s.reviewer_ids.map((id) => emailOf(id) ?? '') })), updated_at: now() };
      }, [channel, body]),
    of: (id) => run('approvals.of', () => stateOf(find(id)), [id]),
    request: (id, comment) =>
      run('approvals.request', () => {
        const c = find(id);
        if (!can(p, 'create', 'approval', { campaign: access(c) })) throw forbidden();
        const needing = stateOf(c).channels.filter((a) => a.state !== 'not_required');
        if (!needing.length) throw validation([{ path: ['channels'], message: "None of this campaign's channels needs approval" }]);
        add(c, { kind: 'request', channel: null, step: null, comment: comment ?? null });
        log.record('campaigns', c.id, 'review_request', {});
        refresh(c);
        return stateOf(c);
      }, [id, comment]),
    decide: (id, body) =>
      run('approvals.decide', () => {
        const c = find(id);
        const parsed = reviewDecisionBodySchema.safeParse(body);
        if (!parsed.success) throw validation(parsed.error.issues);
        const approvals = stateOf(c).channels;
        const approval = approvals.find((a) => a.channel === parsed.data.channel);
        const reviewers = approval?.steps.flatMap((s) => s.reviewer_ids) ?? [];
        if (!can(p, 'update', 'approval', { campaign: access(c), reviewer_ids: reviewers })) throw forbidden();
        if (!approval) throw validation([{ path: ['channel'], message: 'Not a channel of this campaign' }]);
        const step = reviewerStep(approval, p.userId);
        if ('message' in step) throw new CadenceApiError(409, 'not_ready', step.message, [{ path: 'channel', message: step.message }]);
        add(c, { kind: parsed.data.decision, channel: parsed.data.channel, step: step.step, comment: parsed.data.comment ?? null });
        log.record('campaigns', c.id, parsed.data.decision === 'approve' ? 'approve' : 'request_changes', {});
        refresh(c);
        return stateOf(c);
      }, [id, body]),
    goLive: (id, opts) =>
      run('approvals.goLive', () => {
        const c = find(id);
        if (!can(p, 'update', 'campaign', c)) throw forbidden();
        checkVersion(c, opts?.version);
        if (c.status === 'live') return structuredClone(c);
        const err = notReady(c);
        // A blocking planning rule refuses going Live whatever the approvals (an override is for approvals alone).
        if (!err || opts?.overrideReason) o.ruleGate?.(c, { ...c, status: 'live' }, opts);
        if (err && !opts?.overrideReason) throw err;
        if (err) {
          if (!can(p, 'administer', 'approval')) throw validation([{ path: ['override_reason'], message: 'Only an administrator may override' }]);
          add(c, { kind: 'override', channel: null, step: null, comment: opts!.overrideReason! });
          log.record('campaigns', c.id, 'override', {});
        }
        return o.save(c, { ...c, status: 'live' }, 'update', ['status']);
      }, [id, opts]),
  };
  /** The reviewers of the campaign's channels' steps (a campaign's implicit watchers, docs/adr/0059). */
  const reviewersOf = (c: Campaign) => rules.filter((r) => r.mode !== 'none' && c.channels.includes(r.channel)).flatMap((r) => r.steps.flatMap((s) => [...s.reviewer_ids]));
  return { api, gate, summaryOf, reviewersOf };
}
