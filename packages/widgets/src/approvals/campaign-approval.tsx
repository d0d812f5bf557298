import { approvalBadge, channelInfo, type ApprovalSummaryEntry } from '@cadence/core';
import type { ReactNode } from 'react';

// A campaign's approval state on cards, chips and bars (docs/adr/0056), from the summary its row
// carries (`approval_summary`): a word or a mark, and an accessible name that says the state of each
// channel ("Approval: in review (Email)"), never colour alone. Nothing when no channel needs approval.

/** The marks compact places show (chips, bars): each state its own shape, colour only adds to it. */
export const APPROVAL_MARKS: Record<ApprovalSummaryEntry['state'], string> = {
  approved: '✓',
  pending: '…',
  not_requested: '○',
  changes_requested: '✎',
  review_again: '↻',
};

/** A campaign's approval badge, when it is a stored campaign with a channel needing approval (a virtual row has none). */
export function approvalOf(c: object): ReturnType<typeof approvalBadge> {
  const s = 'approval_summary' in c ? (c.approval_summary as ApprovalSummaryEntry[] | null | undefined) : null;
  return approvalBadge(s, (ch) => channelInfo(ch).label);
}

/**
 * The badge: on cards its word ("Approved", "In review") with the whole name; `compact` (chips) a
 * mark hidden from assistive technology and the name as visually hidden text, so a chip's name is
 * "Spring Launch, Approval: in review (Email)"; `drawnOnly` (inside a control whose aria-label
 * already says it, a Gantt bar) a mark drawn by CSS, so the control's visible text stays its
 * label's words (WCAG 2.5.3), as TaskProgress does.
 */
export function CampaignApproval({ campaign, compact = false, drawnOnly = false }: { campaign: object; compact?: boolean; drawnOnly?: boolean }): ReactNode {
  const badge = approvalOf(campaign);
  if (!badge) return null;
  if (drawnOnly) {
    return <span className={`cad-approval-mark cad-approval-mark--drawn cad-approval--${badge.state}`} data-mark={APPROVAL_MARKS[badge.state]} data-approval={badge.state} aria-hidden="true" />;
  }
  if (compact) {
    return (
      <span className={`cad-approval-mark cad-approval--${badge.state}`} title={badge.name} data-approval={badge.state}>
        <span aria-hidden="true">{APPROVAL_MARKS[badge.state]}</span>
        <span className="cad-sr-only">, </span>
        <span className="cad-sr-only">{badge.name}</span>
      </span>
    );
  }
  return (
    <span className={`cad-badge cad-approval cad-approval--${badge.state}`} role="img" aria-label={badge.name} title={badge.name} data-approval={badge.state}>
      <span aria-hidden="true">{APPROVAL_MARKS[badge.state]} </span>
      {badge.text}
    </span>
  );
}
