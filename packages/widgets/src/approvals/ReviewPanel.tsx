import {
  APPROVAL_STATE_LABELS,
  CadenceApiError,
  can,
  channelInfo,
  type ApprovalRuleRecord,
  type Campaign,
  type CampaignApprovals,
  type Channel,
} from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useList } from '../provider/resources';
import { useSession } from '../provider/session';
import { useQuery, useQueryKey } from '../provider/use-query';
import { ApprovalBadge } from './ApprovalBadge';

const errorText = (e: unknown) => (e instanceof CadenceApiError ? [e.message, ...(e.details ?? []).map((d) => d.message)].filter((x, i, all) => all.indexOf(x) === i) : ['Something went wrong. Try again.']);

/**
 * The campaign dialog's Review tab (docs/adr/0056): each channel's approval state with its steps,
 * "Request review" for whoever may change the campaign, Approve / Ask for changes (with a comment)
 * for the reviewers of a channel's open step, and Go live: refused with what is missing, which an
 * administrator may override with a reason.
 */
export function ReviewPanel({ campaign }: { campaign: Campaign }): ReactNode {
  const { client } = useCadence();
  const session = useSession();
  const key = useQueryKey(['approvals', { campaign: campaign.id }]);
  const q = useQuery<CampaignApprovals>(key, () => client.approvals.of(campaign.id));
  const rules = useList<ApprovalRuleRecord>(['approvalRules'], (c) => c.approvals.rules());
  const [comment, setComment] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string[] | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const shown = q.data;
  const mayRequest = can(session.principal, 'update', 'campaign', campaign);
  const isAdmin = can(session.principal, 'administer', 'approval');
  const emailOf = (id: string) => rules.data?.flatMap((r) => r.steps.flatMap((s) => s.reviewer_ids.map((rid, i) => [rid, s.reviewer_emails[i]] as const))).find(([rid]) => rid === id)?.[1] ?? 'a reviewer';

  const act = async (what: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setProblem(null);
    setDone('');
    try {
      await what();
      q.refetch();
      setComment('');
      setDone(message);
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (!shown) return <p className="cad-hint" role="status">{q.status === 'error' ? 'The review could not be loaded.' : 'Loading review…'}</p>;
  const needing = shown.channels.filter((c) => c.state !== 'not_required');
  const mine = needing.filter((c) => c.current_step !== null && c.steps[c.current_step]?.reviewer_ids.includes(session.userId ?? ''));

  return (
    <section className="cad-review" aria-label="Review">
      {!needing.length && <p className="cad-hint">None of this campaign's channels needs approval.</p>}
      <ul className="cad-review__channels">
        {shown.channels.map((c) => (
          <li key={c.channel} className="cad-review__channel">
            <div className="cad-review__head">
              <strong>{channelInfo(c.channel).label}</strong> <ApprovalBadge channel={c.channel} state={c.state} />
            </div>
            {c.steps.length > 0 && (
              <ol className="cad-review__steps" aria-label={`${channelInfo(c.channel).label} steps`}>
                {c.steps.map((s, i) => (
                  <li key={i} aria-current={c.current_step === i ? 'step' : undefined}>
                    {s.name}: {s.done ? 'done' : c.current_step === i ? 'open' : 'waiting'}
                    {s.approved_by.length > 0 && <span> · approved by {s.approved_by.map(emailOf).join(', ')}</span>}
                    {s.changes_by.length > 0 && <span> · changes asked by {s.changes_by.map(emailOf).join(', ')}</span>}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>

      {mine.length > 0 && (
        <div className="cad-review__decide">
          <label className="cad-field__label" htmlFor={`cad-review-comment-${campaign.id}`}>Comment</label>
          <textarea id={`cad-review-comment-${campaign.id}`} className="cad-input" rows={2} value={comment} onChange={(e) => setComment(e.target.value)} />
          {mine.map((c) => (
            <div key={c.channel} className="cad-review__buttons">
              <button type="button" className="cad-button cad-button--primary" disabled={busy}
                onClick={() => void act(() => client.approvals.decide(campaign.id, { channel: c.channel as Channel, decision: 'approve', ...(comment.trim() ? { comment: comment.trim() } : {}) }), `Approved ${channelInfo(c.channel).label}`)}>
                Approve {channelInfo(c.channel).label}
              </button>
              <button type="button" className="cad-button cad-button--outline" disabled={busy}
                onClick={() => void act(() => client.approvals.decide(campaign.id, { channel: c.channel as Channel, decision: 'changes', comment: comment.trim() }), `Asked for changes on ${channelInfo(c.channel).label}`)}>
                Ask for changes on {channelInfo(c.channel).label}
              </button>
            </div>
          ))}
        </div>
      )}

      <div className="cad-review__buttons">
        {mayRequest && needing.length > 0 && (
          <button type="button" className="cad-button cad-button--outline" disabled={busy} onClick={() => void act(() => client.approvals.request(campaign.id), 'Review requested: the reviewers are notified')}>
            Request review
          </button>
        )}
        {mayRequest && campaign.status !== 'live' && (
          <button type="button" className="cad-button cad-button--primary" disabled={busy} onClick={() => void act(() => client.approvals.goLive(campaign.id), 'The campaign is live')}>
            Go live
          </button>
        )}
      </div>

      {problem && (
        <div className="cad-review__problem" role="alert">
          <p>{problem[0]}</p>
          {problem.length > 1 && <ul>{problem.slice(1).map((m) => <li key={m}>{m}</li>)}</ul>}
          {isAdmin && shown.missing && (
            <div className="cad-review__override">
              <label className="cad-field__label" htmlFor={`cad-review-reason-${campaign.id}`}>Reason to go live anyway</label>
              <input id={`cad-review-reason-${campaign.id}`} className="cad-input" value={reason} onChange={(e) => setReason(e.target.value)} />
              <button type="button" className="cad-button cad-button--danger" disabled={busy || !reason.trim()}
                onClick={() => void act(() => client.approvals.goLive(campaign.id, { overrideReason: reason.trim() }), 'The campaign is live: the override is in its history')}>
                Go live anyway
              </button>
            </div>
          )}
        </div>
      )}
      <p className="cad-sr-only" role="status">{done}</p>
      {done && <p className="cad-hint" aria-hidden="true">{done}</p>}
      {shown.events.length > 0 && (
        <details className="cad-review__log">
          <summary>Review history ({shown.events.length})</summary>
          <ul>
            {shown.events.map((e) => (
              <li key={e.id}>
                {e.actor_email ?? 'Someone'} {e.kind === 'request' ? 'requested review' : e.kind === 'approve' ? `approved ${e.channel ? channelInfo(e.channel).label : ''}` : e.kind === 'changes' ? `asked for changes on ${e.channel ? channelInfo(e.channel).label : ''}` : 'went live past the gate'}
                {e.comment ? `: "${e.comment}"` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export { APPROVAL_STATE_LABELS };
