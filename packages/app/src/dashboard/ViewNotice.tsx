import type { DroppedParam } from '@cadence/core';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** Says which parts of a link were not used and why (docs/adr/0029): the rest of the view still opened. */
export function ViewNotice({ dropped, onDismiss }: { dropped: DroppedParam[]; onDismiss: () => void }): ReactNode {
  if (!dropped.length) return null;
  return (
    <div className="view-notice" role="status">
      <div>
        <p className="view-notice__title">Some parts of this link were not used</p>
        <ul className="view-notice__list">
          {dropped.map((d, i) => (
            <li key={i}>
              <code>{d.param}={d.value.length > 40 ? `${d.value.slice(0, 40)}…` : d.value}</code>: {d.reason}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="button" aria-label="Dismiss" onClick={onDismiss}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
