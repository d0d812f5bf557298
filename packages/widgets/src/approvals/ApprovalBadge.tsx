import { APPROVAL_BADGES, APPROVAL_STATE_LABELS, channelInfo, type ApprovalState, type Channel } from '@cadence/core';
import type { ReactNode } from 'react';

/** A channel's approval state as a badge: a word and an accessible name, never colour alone (docs/adr/0056). */
export function ApprovalBadge({ channel, state }: { channel: Channel; state: ApprovalState }): ReactNode {
  if (state === 'not_required') return <span className="cad-badge cad-badge--outline">{APPROVAL_STATE_LABELS.not_required}</span>;
  return (
    <span className={`cad-badge cad-approval cad-approval--${state}`} role="img" aria-label={`${channelInfo(channel).label}: ${APPROVAL_STATE_LABELS[state]}`}>
      {APPROVAL_BADGES[state]}
    </span>
  );
}
