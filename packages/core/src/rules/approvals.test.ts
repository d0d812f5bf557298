import { describe, expect, it } from 'vitest';
import {
  approvalBadge,
  approvalBasis,
  approvalSummary,
  sameApprovalSummary,
  becomesLive,
  campaignApprovals,
  channelApproval,
  gateMessage,
  gateMissing,
  reviewerStep,
  touchesApprovedFields,
  type ApprovalRule,
  type ReviewEvent,
} from './approvals';

const campaign = { planning_start_date: '2026-12-01', live_date: '2026-12-10', end_date: null, channels: ['email', 'social'], summary: 'Brief' };
const basis = approvalBasis(campaign);
const rule = (mode: ApprovalRule['mode'], ...steps: string[][]): ApprovalRule => ({
  channel: 'email',
  mode,
  steps: steps.map((ids, i) => ({ name: i === 0 ? 'Legal' : 'Brand', reviewer_ids: ids })),
});
let seq = 0;
const request = (b = basis): ReviewEvent => ({ kind: 'request', channel: null, step: null, actor_id: 'owner', basis: b, seq: ++seq });
const decide = (actor: string, kind: 'approve' | 'changes', step = 0, b = basis): ReviewEvent => ({ kind, channel: 'email', step, actor_id: actor, basis: b, seq: ++seq });

describe('channelApproval', () => {
  it('should need nothing on a channel without a rule, or whose rule is none or lists nobody', () => {
    expect(channelApproval(undefined, 'email', [], basis).state).toBe('not_required');
    expect(channelApproval(rule('none', ['a']), 'email', [], basis).state).toBe('not_required');
    expect(channelApproval(rule('every', []), 'email', [], basis).state).toBe('not_required');
  });

  it('should wait for a request, then for a reviewer', () => {
    expect(channelApproval(rule('one', ['a', 'b']), 'email', [], basis).state).toBe('not_requested');
    expect(channelApproval(rule('one', ['a', 'b']), 'email', [request()], basis)).toMatchObject({ state: 'pending', current_step: 0 });
  });

  it('should be approved by one reviewer of the list under "one", and by all of them under "every"', () => {
    const events = [request(), decide('a', 'approve')];
    expect(channelApproval(rule('one', ['a', 'b']), 'email', events, basis).state).toBe('approved');
    expect(channelApproval(rule('every', ['a', 'b']), 'email', events, basis).state).toBe('pending');
    expect(channelApproval(rule('every', ['a', 'b']), 'email', [...events, decide('b', 'approve')], basis).state).toBe('approved');
  });

  it('should take steps in order: legal, then brand', () => {
    const r = rule('one', ['legal'], ['brand']);
    const first = channelApproval(r, 'email', [request(), decide('legal', 'approve')], basis);
    expect(first).toMatchObject({ state: 'pending', current_step: 1 });
    expect(first.steps.map((s) => s.done)).toEqual([true, false]);
    expect(channelApproval(r, 'email', [request(), decide('legal', 'approve'), decide('brand', 'approve', 1)], basis).state).toBe('approved');
  });

  it("should show changes requested until that reviewer approves, each reviewer's latest decision counting", () => {
    const events = [request(), decide('a', 'changes')];
    expect(channelApproval(rule('every', ['a']), 'email', events, basis).state).toBe('changes_requested');
    expect(channelApproval(rule('every', ['a']), 'email', [...events, decide('a', 'approve')], basis).state).toBe('approved');
  });

  it('should return an approval to "review again" when an approved field changed after it', () => {
    const events = [request(), decide('a', 'approve')];
    const moved = approvalBasis({ ...campaign, live_date: '2026-12-11' });
    expect(channelApproval(rule('one', ['a']), 'email', events, moved)).toMatchObject({ state: 'review_again', current_step: 0 });
    expect(channelApproval(rule('one', ['a']), 'email', [...events, decide('a', 'approve', 0, moved)], moved).state).toBe('approved');
  });

  it('should count only decisions after the latest request, and other channels not at all', () => {
    const events = [request(), decide('a', 'approve'), request()];
    expect(channelApproval(rule('one', ['a']), 'email', events, basis).state).toBe('pending');
    expect(channelApproval({ ...rule('one', ['a']), channel: 'social' }, 'social', [request(), decide('a', 'approve')], basis).state).toBe('pending');
  });

  it('should ignore decisions of people no longer on the step', () => {
    expect(channelApproval(rule('one', ['b']), 'email', [request(), decide('a', 'approve')], basis).state).toBe('pending');
  });
});

describe('the gate', () => {
  const approvals = campaignApprovals(['email', 'social'], [rule('one', ['a'])], [request()], basis);

  it('should name the channels whose approval is missing and the open required tasks', () => {
    const missing = gateMissing(approvals, 2);
    expect(missing).toEqual({ channels: [{ channel: 'email', state: 'pending' }], open_required: 2 });
    expect(gateMessage(missing!)).toBe('This campaign cannot go live yet: approval missing for email (waiting for review); 2 required tasks are open');
  });

  it('should let a campaign go live when every channel is approved or needs nothing and no required task is open', () => {
    const done = campaignApprovals(['email', 'social'], [rule('one', ['a'])], [request(), decide('a', 'approve')], basis);
    expect(gateMissing(done, 0)).toBeNull();
    expect(gateMissing(done, 1)).toEqual({ channels: [], open_required: 1 });
  });

  it('should close only on the change that makes a campaign Live', () => {
    expect(becomesLive({ status: 'planning' }, { status: 'live' })).toBe(true);
    expect(becomesLive(null, { status: 'live' })).toBe(true);
    expect(becomesLive({ status: 'live' }, { status: 'live' })).toBe(false);
    expect(becomesLive({ status: 'live' }, { status: 'completed' })).toBe(false);
  });
});

describe('which changes reset approval', () => {
  it('should reset on dates, brief and channels, in any order of the channels, and not on the rest', () => {
    expect(touchesApprovedFields(campaign, { live_date: '2026-12-12' })).toBe(true);
    expect(touchesApprovedFields(campaign, { summary: 'Other' })).toBe(true);
    expect(touchesApprovedFields(campaign, { channels: ['social'] })).toBe(true);
    expect(touchesApprovedFields(campaign, { channels: ['social', 'email'] })).toBe(false);
    expect(touchesApprovedFields(campaign, { title: 'Renamed', status: 'live' })).toBe(false);
  });
});

describe('reviewerStep', () => {
  const r = rule('one', ['legal'], ['brand']);
  it('should let a reviewer decide on the open step only', () => {
    const pending = channelApproval(r, 'email', [request()], basis);
    expect(reviewerStep(pending, 'legal')).toEqual({ step: 0 });
    expect(reviewerStep(pending, 'brand')).toEqual({ message: 'Waiting for the Legal step first' });
    expect(reviewerStep(pending, 'x')).toEqual({ message: 'You are not a reviewer of this step' });
    expect(reviewerStep(channelApproval(r, 'email', [], basis), 'legal')).toEqual({ message: 'No review has been requested for this campaign' });
  });
});

describe('approvalSummary and approvalBadge (the campaign row\'s summary, docs/adr/0056)', () => {
  it('should list each channel needing approval in order, and be null when none does', () => {
    const a = (channel: 'email' | 'social' | 'pr', state: 'not_required' | 'pending' | 'approved') => ({ channel, state });
    expect(approvalSummary([a('email', 'pending'), a('social', 'not_required'), a('pr', 'approved')])).toEqual([
      { channel: 'email', state: 'pending' },
      { channel: 'pr', state: 'approved' },
    ]);
    expect(approvalSummary([a('social', 'not_required')])).toBeNull();
    expect(approvalSummary([])).toBeNull();
  });

  it('should compare summaries by their channels and states', () => {
    expect(sameApprovalSummary([{ channel: 'email', state: 'pending' }], [{ channel: 'email', state: 'pending' }])).toBe(true);
    expect(sameApprovalSummary([{ channel: 'email', state: 'pending' }], [{ channel: 'email', state: 'approved' }])).toBe(false);
    expect(sameApprovalSummary(null, [])).toBe(true);
    expect(sameApprovalSummary(null, [{ channel: 'email', state: 'pending' }])).toBe(false);
  });

  it('should show the most urgent state, and name every channel\'s state in words', () => {
    expect(approvalBadge(null)).toBeNull();
    expect(approvalBadge([{ channel: 'email', state: 'approved' }], () => 'Email')).toEqual({ state: 'approved', text: 'Approved', name: 'Approval: approved (Email)' });
    const label = (ch: string) => ({ email: 'Email', social: 'Social', pr: 'PR' })[ch] ?? ch;
    expect(
      approvalBadge(
        [
          { channel: 'email', state: 'approved' },
          { channel: 'social', state: 'changes_requested' },
          { channel: 'pr', state: 'approved' },
        ],
        label,
      ),
    ).toEqual({ state: 'changes_requested', text: 'Changes', name: 'Approval: changes (Social); approved (Email, PR)' });
    expect(approvalBadge([{ channel: 'email', state: 'not_requested' }, { channel: 'pr', state: 'pending' }], label)!.state).toBe('pending');
  });
});
