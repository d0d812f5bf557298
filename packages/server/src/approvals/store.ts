import {
  approvalBasis,
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

/** The gate for many new rows at once (an import): one read of the rules, the first refusal named by its title. */
export async function goLiveGateMany(db: Knex, rows: ReadonlyArray<{ title?: unknown; status?: unknown; channels?: readonly Channel[] }>): Promise<void> {
  const live = rows.filter((r) => r.status === 'live');
  if (!live.length) return;
  const rules = await loadRules(db);
  for (const row of live) {
    const approvals = campaignApprovals(row.channels ?? [], rules, [], '');
    const missing = gateMissing(approvals, 0);
    if (missing) {
      const err = notReady(missing);
      throw new AppError(409, 'not_ready', `"${String(row.title)}": ${err.message}`, err.details);
    }
  }
}

/**
 * Marks the campaign's row for the realtime feed without changing it (its stamp trigger fires), so
 * every reader who may read it now refreshes its approval state: per row, with the reader's rights.
 */
export async function touchCampaign(trx: Knex, id: string): Promise<void> {
  await trx('campaigns').where({ id }).update({ updated_at: trx.ref('updated_at') });
}
