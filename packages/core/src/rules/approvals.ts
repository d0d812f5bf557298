import type { Channel } from '../channels';

// Approvals per channel and the go-live gate (docs/adr/0056-approvals-and-the-go-live-gate.md).
// Pure, so the server, the CLI and the widgets agree on a campaign's approval state. No zod here:
// browser bundles import this module (docs/adr/0015).

export const APPROVAL_MODES = ['none', 'one', 'every'] as const;
/** none: no approval; one: any one reviewer of each step; every: every reviewer of each step. */
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export interface ApprovalStep {
  /** What the step is called ("Legal", "Brand"); shown to reviewers and requesters. */
  name: string;
  reviewer_ids: readonly string[];
}

/** A channel's rule: its mode and its reviewers, in steps taken in order. */
export interface ApprovalRule {
  channel: Channel;
  mode: ApprovalMode;
  steps: readonly ApprovalStep[];
}

export const REVIEW_KINDS = ['request', 'approve', 'changes'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** One fact about a campaign's review: a request (all its channels), or a reviewer's decision on a channel's step. */
export interface ReviewEvent {
  kind: ReviewKind;
  /** A decision's channel; null for a request. */
  channel: Channel | null;
  /** A decision's step (0-based); null for a request. */
  step: number | null;
  actor_id: string | null;
  /** The approved fields when it was written (approvalBasis). */
  basis: string;
  /** Order of the facts: ascending. */
  seq: number;
}

export const APPROVAL_STATES = ['not_required', 'not_requested', 'pending', 'changes_requested', 'review_again', 'approved'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  not_required: 'No approval needed',
  not_requested: 'Review not requested',
  pending: 'Waiting for review',
  changes_requested: 'Changes requested',
  review_again: 'Review again',
  approved: 'Approved',
};

/** Short badge texts (the accessible name says the rest: channel and state). */
export const APPROVAL_BADGES: Record<ApprovalState, string> = {
  not_required: '',
  not_requested: 'Unreviewed',
  pending: 'In review',
  changes_requested: 'Changes',
  review_again: 'Review again',
  approved: 'Approved',
};

export interface StepState {
  name: string;
  reviewer_ids: readonly string[];
  approved_by: string[];
  changes_by: string[];
  done: boolean;
}

export interface ChannelApproval {
  channel: Channel;
  mode: ApprovalMode;
  state: ApprovalState;
  /** The step waiting for a decision (0-based), or null when none is. */
  current_step: number | null;
  steps: StepState[];
}

/**
 * The fields an approval signs off (dates, brief, channels): a change to any of them after a
 * decision returns the approval to "review again". A stable text, compared as is.
 */
export const APPROVED_FIELDS = [
  'planning_start_date',
  'live_date',
  'end_date',
  'channels',
  'description',
  'summary',
  'goals',
  'audiences',
  'kpis',
  'deliverables',
  'landing_page_urls',
] as const;

export function approvalBasis(c: Partial<Record<(typeof APPROVED_FIELDS)[number], unknown>>): string {
  return JSON.stringify(APPROVED_FIELDS.map((f) => {
    const v = c[f] ?? null;
    return Array.isArray(v) ? [...v].map(String).sort() : v;
  }));
}

/** Does this patch change a field approvals sign off? (Which field changes reset approval.) */
export function touchesApprovedFields(before: Record<string, unknown>, patch: Record<string, unknown>): boolean {
  return approvalBasis({ ...before, ...patch } as never) !== approvalBasis(before as never);
}

/** Whether `mode`'s step is done given who approved it. */
function stepDone(mode: ApprovalMode, reviewers: readonly string[], approvedBy: readonly string[]): boolean {
  if (mode === 'one') return approvedBy.length > 0;
  return reviewers.length > 0 && reviewers.every((r) => approvedBy.includes(r));
}

/**
 * A channel's approval from its rule, the campaign's review facts and its approved fields now.
 * Only facts after the latest request count; a decision made on other values of the approved
 * fields than today's no longer counts, and leaves the channel at "review again".
 */
export function channelApproval(rule: ApprovalRule | undefined, channel: Channel, events: readonly ReviewEvent[], basis: string): ChannelApproval {
  const mode = rule && rule.steps.some((s) => s.reviewer_ids.length) ? rule.mode : 'none';
  const stepsOf = (rule?.steps ?? []).filter((s) => s.reviewer_ids.length);
  const base = (state: ApprovalState, current: number | null, steps: StepState[]): ChannelApproval => ({ channel, mode, state, current_step: current, steps });
  const empty = stepsOf.map((s) => ({ name: s.name, reviewer_ids: s.reviewer_ids, approved_by: [], changes_by: [], done: false }));
  if (mode === 'none') return base('not_required', null, []);
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const lastRequest = sorted.filter((e) => e.kind === 'request').at(-1);
  if (!lastRequest) return base('not_requested', null, empty);
  const decisions = sorted.filter((e) => e.seq > lastRequest.seq && e.kind !== 'request' && e.channel === channel);
  const current = decisions.filter((e) => e.basis === basis);
  const stale = decisions.length > current.length;
  // Each reviewer's latest decision per step counts.
  const steps: StepState[] = stepsOf.map((s, i) => {
    const latest = new Map<string, ReviewKind>();
    for (const d of current) if (d.step === i && d.actor_id && s.reviewer_ids.includes(d.actor_id)) latest.set(d.actor_id, d.kind);
    const approvedBy = [...latest].filter(([, k]) => k === 'approve').map(([id]) => id);
    const changesBy = [...latest].filter(([, k]) => k === 'changes').map(([id]) => id);
    return { name: s.name, reviewer_ids: s.reviewer_ids, approved_by: approvedBy, changes_by: changesBy, done: stepDone(mode, s.reviewer_ids, approvedBy) };
  });
  const open = steps.findIndex((s) => !s.done);
  if (open === -1) return base('approved', null, steps);
  if (steps[open]!.changes_by.length) return base('changes_requested', open, steps);
  return base(stale ? 'review_again' : 'pending', open, steps);
}

/** One channel's state in a campaign's approval summary (a channel that needs approval). */
export interface ApprovalSummaryEntry {
  channel: Channel;
  state: Exclude<ApprovalState, 'not_required'>;
}

/**
 * A campaign's approval state in brief, kept on its row (`campaigns.approval_summary`, docs/adr/0056)
 * so every list, page and realtime change carries it: each channel that needs approval, in the
 * campaign's order, with its state; null when none does.
 */
export function approvalSummary(approvals: readonly Pick<ChannelApproval, 'channel' | 'state'>[]): ApprovalSummaryEntry[] | null {
  const needing = approvals.filter((a): a is { channel: Channel; state: ApprovalSummaryEntry['state'] } => a.state !== 'not_required');
  return needing.length ? needing.map((a) => ({ channel: a.channel, state: a.state })) : null;
}

/** Whether two summaries say the same (a realtime change that only moves the summary is news). */
export function sameApprovalSummary(a: readonly ApprovalSummaryEntry[] | null | undefined, b: readonly ApprovalSummaryEntry[] | null | undefined): boolean {
  const text = (x: readonly ApprovalSummaryEntry[] | null | undefined) => (x?.length ? x.map((e) => `${e.channel}:${e.state}`).join() : '');
  return text(a) === text(b);
}

/** Most urgent first: the state a campaign's one badge shows is its channels' most urgent. */
const URGENCY: ReadonlyArray<ApprovalSummaryEntry['state']> = ['changes_requested', 'review_again', 'pending', 'not_requested', 'approved'];

/**
 * The badge of a campaign's approval: its most urgent channel state, its short text, and an
 * accessible name that says the state of every channel ("Approval: in review (Email); approved (Social)").
 * Null when no channel of the campaign needs approval.
 */
export function approvalBadge(summary: readonly ApprovalSummaryEntry[] | null | undefined, label: (ch: Channel) => string = String): { state: ApprovalSummaryEntry['state']; text: string; name: string } | null {
  if (!summary?.length) return null;
  const state = URGENCY.find((u) => summary.some((e) => e.state === u)) ?? 'approved';
  const byState = URGENCY.filter((u) => summary.some((e) => e.state === u)).map(
    (u) => `${APPROVAL_BADGES[u].toLowerCase()} (${summary.filter((e) => e.state === u).map((e) => label(e.channel)).join(', ')})`,
  );
  return { state, text: APPROVAL_BADGES[state], name: `Approval: ${byState.join('; ')}` };
}

/** Every channel of a campaign, in its order. */
export function campaignApprovals(
  channels: readonly Channel[],
  rules: readonly ApprovalRule[],
  events: readonly ReviewEvent[],
  basis: string,
): ChannelApproval[] {
  return channels.map((ch) => channelApproval(rules.find((r) => r.channel === ch), ch, events, basis));
}

export interface GateMissing {
  /** Channels whose approval is missing, with their state. */
  channels: Array<{ channel: Channel; state: ApprovalState }>;
  /** Required tasks not done. */
  open_required: number;
}

/** What keeps a campaign from going live; null when nothing does. */
export function gateMissing(approvals: readonly ChannelApproval[], openRequired: number): GateMissing | null {
  const channels = approvals.filter((a) => a.state !== 'approved' && a.state !== 'not_required').map((a) => ({ channel: a.channel, state: a.state }));
  if (!channels.length && openRequired <= 0) return null;
  return { channels, open_required: Math.max(0, openRequired) };
}

/** The gate's refusal as a sentence naming what is missing. */
export function gateMessage(missing: GateMissing, label: (ch: Channel) => string = String): string {
  const parts: string[] = [];
  if (missing.channels.length) parts.push(`approval missing for ${missing.channels.map((c) => `${label(c.channel)} (${APPROVAL_STATE_LABELS[c.state].toLowerCase()})`).join(', ')}`);
  if (missing.open_required) parts.push(`${missing.open_required} required ${missing.open_required === 1 ? 'task is' : 'tasks are'} open`);
  return `This campaign cannot go live yet: ${parts.join('; ')}`;
}

/** Does a change make a campaign Live (it was not before)? The gate's trigger. */
export const becomesLive = (before: { status?: unknown } | null, after: { status?: unknown }): boolean => after.status === 'live' && before?.status !== 'live';

/** May this reviewer decide on this channel now: the step they may decide on, or why not. */
export function reviewerStep(approval: ChannelApproval, reviewerId: string): { step: number } | { message: string } {
  if (approval.state === 'not_required') return { message: 'This channel needs no approval' };
  if (approval.state === 'not_requested') return { message: 'No review has been requested for this campaign' };
  if (approval.current_step === null) return { message: 'This channel is approved already' };
  const step = approval.steps[approval.current_step]!;
  if (!step.reviewer_ids.includes(reviewerId)) {
    const later = approval.steps.findIndex((s) => s.reviewer_ids.includes(reviewerId));
    return { message: later > approval.current_step ? `Waiting for the ${step.name} step first` : 'You are not a reviewer of this step' };
  }
  return { step: approval.current_step };
}
