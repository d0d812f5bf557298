import { APPROVAL_MODES, APPROVAL_STATE_LABELS, CHANNEL_VALUES, isChannel, type ApprovalMode, type CadenceAdminClient, type Channel } from '@cadence/core';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

// Approvals per channel from the command line (docs/adr/0056): the rules (administrators), a
// campaign's approval state, and a review request.

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function campaignId(value: string): string {
  if (!ID.test(value)) throw usageError(`CAMPAIGN must be an id, e.g. 3f2b8c1e-7d4a-4c55-9a0e-1b6f2d9c8e71 (got "${value}")`);
  return value.toLowerCase();
}

/** Every channel's rule: mode and its steps' reviewers by e-mail. */
export async function listRules(ctx: CommandContext): Promise<void> {
  const rules = await client(ctx).approvals.rules();
  ctx.out.result(rules, () =>
    table([
      ['CHANNEL', 'RULE', 'REVIEWERS'],
      ...rules.map((r) => [r.channel, r.mode, r.steps.map((s) => `${s.name}: ${s.reviewer_emails.join(', ')}`).join(' → ') || '-']),
    ]),
  );
}

export interface SetRuleOptions {
  rule: string;
  reviewers?: string;
  steps?: string;
}

/**
 * `--reviewers a@x,b@y` is one step; `--steps "Legal=a@x;Brand=b@y,c@z"` several, taken in order.
 * Reviewers by e-mail (or id) among the install's users; the server refuses one without rights on the channel.
 */
export function parseSteps(opts: SetRuleOptions): Array<{ name: string; reviewers: string[] }> {
  if (opts.reviewers && opts.steps) throw usageError('Give --reviewers (one step) or --steps (several), not both');
  const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);
  if (opts.reviewers) return [{ name: 'Review', reviewers: list(opts.reviewers) }];
  if (!opts.steps) return [];
  return opts.steps.split(';').map((part, i) => {
    const at = part.indexOf('=');
    if (at <= 0) throw usageError(`--steps: step ${i + 1} must be NAME=reviewer,reviewer (got "${part.trim()}")`);
    const reviewers = list(part.slice(at + 1));
    if (!reviewers.length) throw usageError(`--steps: step "${part.slice(0, at).trim()}" names no reviewer`);
    return { name: part.slice(0, at).trim(), reviewers };
  });
}

async function userIds(api: CadenceAdminClient, who: string[]): Promise<string[]> {
  const users = await api.users.list();
  return who.map((w) => {
    if (ID.test(w)) return w.toLowerCase();
    const found = users.find((u) => u.email.toLowerCase() === w.toLowerCase());
    if (!found) throw new CliError(`No user has the e-mail "${w}"`);
    return found.id;
  });
}

/** Sets a channel's rule (administrators). */
export async function setRule(ctx: CommandContext, channel: string, opts: SetRuleOptions): Promise<void> {
  if (!isChannel(channel)) throw usageError(`CHANNEL must be one of ${CHANNEL_VALUES.join(', ')} (got "${channel}")`);
  if (!(APPROVAL_MODES as readonly string[]).includes(opts.rule)) throw usageError(`--rule must be one of ${APPROVAL_MODES.join(', ')}`);
  const steps = parseSteps(opts);
  if (opts.rule !== 'none' && !steps.length) throw usageError('--rule one or every needs --reviewers or --steps');
  const api = client(ctx);
  const resolved = [];
  for (const s of steps) resolved.push({ name: s.name, reviewer_ids: await userIds(api, s.reviewers) });
  const saved = await api.approvals.setRule(channel as Channel, { mode: opts.rule as ApprovalMode, steps: opts.rule === 'none' ? [] : resolved });
  ctx.out.result(saved, () => []);
  ctx.out.success(
    saved.mode === 'none'
      ? `${channel}: no approval needed`
      : `${channel}: ${saved.mode === 'one' ? 'one reviewer' : 'every reviewer'} of ${saved.steps.map((s) => `${s.name} (${s.reviewer_emails.join(', ')})`).join(', then ')}`,
  );
}

/** A campaign's approval state per channel, and what keeps it from going live. */
export async function approvalStatus(ctx: CommandContext, campaign: string): Promise<void> {
  const state = await client(ctx).approvals.of(campaignId(campaign));
  ctx.out.result(state, () => [
    ...table([
      ['CHANNEL', 'STATE', 'STEP'],
      ...state.channels.map((c) => [c.channel, APPROVAL_STATE_LABELS[c.state], c.current_step === null ? '-' : (c.steps[c.current_step]?.name ?? '-')]),
    ]),
    state.missing ? 'Cannot go live yet' : 'Ready to go live',
  ]);
}

/** Requests review: the reviewers of the campaign's channels are notified. */
export async function requestReview(ctx: CommandContext, campaign: string, opts: { comment?: string }): Promise<void> {
  const state = await client(ctx).approvals.request(campaignId(campaign), opts.comment);
  ctx.out.result(state, () => []);
  ctx.out.success(`Review requested for ${state.channels.filter((c) => c.state !== 'not_required').map((c) => c.channel).join(', ')}`);
}
