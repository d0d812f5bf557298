import { formatYmd, statusLabel, type Campaign } from '@cadence/core';
import type { ReactNode } from 'react';

/** A 412: someone saved first. Shows their version and lets the user take it or keep editing over it. */
export function ConflictNotice({ current, onLoadLatest, onKeepMine }: {
  current: Campaign;
  onLoadLatest: () => void;
  onKeepMine: () => void;
}): ReactNode {
  return (
    <div role="alert" className="cad-notice cad-notice--warning">
      <p className="cad-notice__title">This campaign was changed by someone else while you were editing.</p>
      <p>The current version is:</p>
      <dl className="cad-notice__details">
        <dt>Title</dt>
        <dd>{current.title}</dd>
        <dt>Status</dt>
        <dd>{statusLabel(current.status)}</dd>
        <dt>Dates</dt>
        <dd>
          {formatYmd(current.planning_start_date, 'MMM dd, yyyy')} → {formatYmd(current.live_date, 'MMM dd, yyyy')}
          {current.end_date ? ` → ${formatYmd(current.end_date, 'MMM dd, yyyy')}` : ' (Ongoing)'}
        </dd>
        <dt>Owner</dt>
        <dd>{current.owner ?? '—'}</dd>
      </dl>
      <div className="cad-inline">
        <button type="button" className="cad-button" onClick={onLoadLatest}>
          Load current version
        </button>
        <button type="button" className="cad-button cad-button--ghost" onClick={onKeepMine}>
          Keep my changes
        </button>
      </div>
    </div>
  );
}
