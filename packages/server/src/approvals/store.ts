import {
  APPROVAL_STATE_LABELS,
  APPROVED_FIELDS,
  approvalBasis,
  approvalSummary,
  sameApprovalSummary,
  touchesApprovedFields,
  becomesLive,
  campaignApprovals,
  channelInfo,
  gateMessage,
  gateMissing,
  type ApprovalRule,
  type CampaignApprovals,
  type Channel,
  type ChannelApproval,
  type GateMissing,
  type ReviewEvent,
  type ApprovalSummaryEntry,
} from '@cadence/core';
import type { Knex } from 'knex';
import { AppError } from '../errors';

// What the database knows of approvals (docs/adr/0056): the rules per channel, a campaign's review
// facts, its approval state (core's rules over both), and the go-live gate every write path asks.

interface RuleRow {
  channel: Channel;
  mode: ApprovalRule['mode'];
  steps: string | Array<{ name: string; reviewer_ids: string[] }>;
  updated_at: Date | string | null;
}

const json = <T>(v: string | T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Every channel's rule, reviewers who no longer exist left out. */
export async function loadRules(db: Knex): Promise<Array<ApprovalRule & { updated_at: string | null }>> {
  const rows: RuleRow[] = await db('approval_rules').select('channel', 'mode', 'steps', 'updated_at').orderBy('channel');
  const users = new Set<string>((await db('users').select('id')).map((u: { id: string }) => u.id));
  return rows.map((r) => ({
    channel: r.channel,
    mode: r.mode,
    steps: json(r.steps).map((s) => ({ name: s.name, reviewer_ids: s.reviewer_ids.filter((id) => users.has(id)) })),
    updated_at: r.updated_at ? new Date(r.updated_at).toISOString() : null,
  }));
}

export interface StoredReviewEvent extends ReviewEvent {
  id: string;
  kind: ReviewEvent['kind'];
  comment: string | null;
  actor_email: string | null;
  created_at: string;
}

/** A campaign's review facts in order, overrides included (as `events` of the answer; the rules ignore them). */
async function loadEvents(db: Knex, campaignId: string): Promise<Array<Omit<StoredReviewEvent, 'kind'> & { kind: ReviewEvent['kind'] | 'override' }>> {
  const rows = await db('campaign_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.actor_id')
    .where('r.campaign_id', campaignId)
    .orderBy('r.id')
    .select('r.id', 'r.kind', 'r.channel', 'r.step', 'r.comment', 'r.basis', 'r.actor_id', 'u.email as actor_email', 'r.created_at');
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    kind: r.kind as ReviewEvent['kind'],
    channel: (r.channel as Channel | null) ?? null,
    step: r.step === null || r.step === undefined ? null : Number(r.step),
    comment: (r.comment as string | null) ?? null,
    basis: String(r.basis),
    actor_id: (r.actor_id as string | null) ?? null,
    actor_email: (r.actor_email as string | null) ?? null,
    created_at: new Date(r.created_at as string).toISOString(),
    seq: Number(r.id),
  }));
}

export type ApprovalCampaign = { id: string; channels: readonly Channel[] } & Record<string, unknown>;

async function openRequired(db: Knex, campaignId: string | null): Promise<number> {
  if (!campaignId) return 0;
  const [row] = await db('tasks').where({ campaign_id: campaignId, required: true }).whereNot({ status: 'done' }).count({ n: '*' });
  return Number((row as { n: unknown } | undefined)?.n ?? 0);
}

/** A campaign's approval state per channel, what its gate misses, and the facts behind them. */
export async function approvalsOf(db: Knex, c: ApprovalCampaign, rules?: readonly ApprovalRule[]): Promise<CampaignApprovals & { approvals: ChannelApproval[] }> {
  const events = await loadEvents(db, c.id);
  const facts = events.filter((e): e is typeof e & { kind: ReviewEvent['kind'] } => e.kind !== 'override');
  const approvals = campaignApprovals(c.channels, rules ?? (await loadRules(db)), facts, approvalBasis(c));
  return {
    campaign_id: c.id,
    channels: approvals.map((a) => ({ ...a, steps: a.steps.map((s) => ({ ...s, reviewer_ids: [...s.reviewer_ids] })) })),
    approvals,
    missing: gateMissing(approvals, await openRequired(db, c.id)),
    events: events.map(({ basis: _b, seq: _s, ...e }) => e),
  };
}

/** The gate's 409: its message and details name each missing approval and the open required tasks. */
export function notReady(missing: GateMissing): AppError {
  const details = [
    ...missing.channels.map((m) => ({ path: `approvals.${m.channel}`, message: `${channelInfo(m.channel).label}: ${m.state.replace('_', ' ')}` })),
    ...(missing.open_required ? [{ path: 'tasks', message: `${missing.open_required} required ${missing.open_required === 1 ? 'task is' : 'tasks are'} open` }] : []),
  ];
  return new AppError(409, 'not_ready', gateMessage(missing, (ch) => channelInfo(ch).label), details);
}

/**
 * The go-live gate (docs/adr/0056): a write that makes a campaign Live (`after`, the row as it
 * would be; `before`, as it is, or null for a new one) is refused with 409 while a channel's
 * approval or a required task is missing. Asked by create, update, import and revert alike.
 */
export async function goLiveGate(db: Knex, before: ApprovalCampaign | null, after: Omit<ApprovalCampaign, 'id'> & { id?: string | undefined }): Promise<void> {
  if (!becomesLive(before as { status?: unknown } | null, after as { status?: unknown })) return;
  const state = await approvalsOf(db, { ...after, id: before?.id ?? after.id ?? '00000000-0000-0000-0000-000000000000' } as ApprovalCampaign);
  if (state.missing) throw notReady(state.missing);
}

/**
 * The gate for many new rows at once (an import, dry run included): one read of the rules, and a
 * 409 naming every line that would go live without its approvals, so the file is fixed in one pass.
 */
export async function goLiveGateMany(db: Knex, rows: ReadonlyArray<{ title?: unknown; status?: unknown; channels?: readonly Channel[] }>, lines: readonly number[] = []): Promise<void> {
  if (!rows.some((r) => r.status === 'live')) return;
  const rules = await loadRules(db);
  const refused: Array<{ line: number; title: string; missing: GateMissing }> = [];
  rows.forEach((row, i) => {
    if (row.status !== 'live') return;
    const missing = gateMissing(campaignApprovals(row.channels ?? [], rules, [], ''), 0);
    if (missing) refused.push({ line: lines[i] ?? i + 1, title: String(row.title), missing });
  });
  if (!refused.length) return;
  const first = refused[0]!;
  const more = refused.length > 1 ? ` (and ${refused.length - 1} more ${refused.length === 2 ? 'line' : 'lines'})` : '';
  const message = `Line ${first.line}, "${first.title}": ${gateMessage(first.missing, (ch) => channelInfo(ch).label)}${more}`;
  const details = refused.flatMap(({ line, missing }) =>
    missing.channels.map((m) => ({ path: `line ${line}.status`, message: `${channelInfo(m.channel).label}: ${APPROVAL_STATE_LABELS[m.state].toLowerCase()}; Live needs its approval` })),
  );
  throw new AppError(409, 'not_ready', message, details);
}

/**
 * Marks the campaign's row for the realtime feed without changing it (its stamp trigger fires), so
 * every reader who may read it now refreshes its approval state: per row, with the reader's rights.
 */
export async function touchCampaign(trx: Knex, id: string): Promise<void> {
  await trx('campaigns').where({ id }).update({ updated_at: trx.ref('updated_at') });
}

/**
 * Recomputes `campaigns.approval_summary` (docs/adr/0056) with core's rule, in the caller's
 * transaction, for the given campaigns, every campaign on a channel (a rule's change), or all (the
 * migration's backfill). Only a summary that changes is written; its update stamps the row for the
 * realtime feed (the stamp trigger) and leaves `version` and `updated_at` alone, so the change
 * reaches every dashboard as a campaign change and an open edit gets no 412.
 */
export async function refreshApprovalSummaries(trx: Knex, which: { ids: readonly string[] } | { channel: Channel } | { all: true }): Promise<void> {
  if ('ids' in which && !which.ids.length) return;
  const q = trx('campaigns').select('id', 'channels', 'approval_summary', ...APPROVED_FIELDS.filter((f) => f !== 'channels'));
  if ('ids' in which) q.whereIn('id', which.ids as string[]);
  else if ('channel' in which) q.whereRaw('? = ANY(channels)', [which.channel]);
  const rows: Array<Record<string, unknown> & { id: string; channels: Channel[]; approval_summary: ApprovalSummaryEntry[] | string | null }> = await q;
  if (!rows.length) return;
  const rules = await loadRules(trx);
  const needing = new Set(rules.filter((r) => r.mode !== 'none' && r.steps.some((st) => st.reviewer_ids.length)).map((r) => r.channel));
  // Reviews only of campaigns that have a channel needing approval: the others' summary is null.
  const reviewed = rows.filter((r) => r.channels.some((ch) => needing.has(ch))).map((r) => r.id);
  const facts = new Map<string, ReviewEvent[]>();
  for (let i = 0; i < reviewed.length; i += 1000) {
    const events = await trx('campaign_reviews')
      .whereIn('campaign_id', reviewed.slice(i, i + 1000))
      .whereNot({ kind: 'override' })
      .select('id', 'campaign_id', 'kind', 'channel', 'step', 'basis', 'actor_id');
    for (const e of events as Array<Record<string, unknown>>) {
      const list = facts.get(String(e.campaign_id)) ?? [];
      list.push({
        kind: e.kind as ReviewEvent['kind'],
        channel: (e.channel as Channel | null) ?? null,
        step: e.step === null || e.step === undefined ? null : Number(e.step),
        actor_id: (e.actor_id as string | null) ?? null,
        basis: String(e.basis),
        seq: Number(e.id),
      });
      facts.set(String(e.campaign_id), list);
    }
  }
  for (const row of rows) {
    const summary = approvalSummary(campaignApprovals(row.channels, rules, facts.get(row.id) ?? [], approvalBasis(row as never)));
    if (sameApprovalSummary(summary, json(row.approval_summary)) && (summary === null) === (row.approval_summary === null)) continue;
    await trx('campaigns').where({ id: row.id }).update({ approval_summary: summary === null ? null : JSON.stringify(summary) });
  }
}

/**
 * The approval summary a campaign's row should hold after a write (`c`: the row as it will be),
 * for a create (no reviews yet) or an update that changes its approved fields or channels: core's
 * rule over the rules, its reviews and its approved fields then.
 */
export async function approvalSummaryFor(trx: Knex, c: { id?: string | undefined; channels?: readonly Channel[] | undefined } & Record<string, unknown>): Promise<string | null> {
  const rules = await loadRules(trx);
  const facts = c.id ? (await loadEvents(trx, c.id)).filter((e): e is typeof e & { kind: ReviewEvent['kind'] } => e.kind !== 'override') : [];
  const summary = approvalSummary(campaignApprovals(c.channels ?? [], rules, facts, approvalBasis(c as never)));
  return summary === null ? null : JSON.stringify(summary);
}

/** An update's patch with the campaign's new approval summary when it changes the approved fields (dates, brief, channels). */
export async function withApprovalSummary<T extends Record<string, unknown>>(trx: Knex, before: Record<string, unknown>, patch: T): Promise<T> {
  if (!touchesApprovedFields(before, patch)) return patch;
  return { ...patch, approval_summary: await approvalSummaryFor(trx, { ...before, ...patch } as never) };
}

/** New campaigns' rows (an import, a template's campaigns) with their approval summary: each channel needing approval, not requested yet. */
export async function withNewApprovalSummaries<T extends { channels?: unknown }>(trx: Knex, rows: T[]): Promise<Array<T & { approval_summary: string | null }>> {
  const rules = await loadRules(trx);
  return rows.map((row) => {
    const summary = approvalSummary(campaignApprovals((row.channels as Channel[] | undefined) ?? [], rules, [], ''));
    return { ...row, approval_summary: summary === null ? null : JSON.stringify(summary) };
  });
}
