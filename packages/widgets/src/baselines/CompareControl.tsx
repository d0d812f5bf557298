import { compareSummaryText } from '@cadence/core';
import { lazy, type ReactNode } from 'react';
import { Popover } from '../ui/Popover';
import { problem, type Comparison } from './use-comparison';

// "Compare with…" in the Calendar's and the Gantt's toolbar (docs/adr/0063): a moment or a saved
// baseline, "Save as baseline…" for those who may, and Clear. The summary sits on the same line.

// The panel loads on the first open, inside the popover's Suspense (ui/Popover.tsx).
const ComparePanel = lazy(() => import('./ComparePanel').then((m) => ({ default: m.ComparePanel })));

/** The toolbar's control and, while comparing, its one-line summary. */
export function CompareControl({ comparison }: { comparison: Comparison }): ReactNode {
  if (!comparison.available) return null;
  const active = comparison.with;
  const summary =
    comparison.status === 'success' && comparison.result ? compareSummaryText(comparison.result.summary)
      : comparison.status === 'error' ? problem(comparison.error, 'Could not compare')
      : comparison.status === 'loading' ? 'Comparing…' : '';
  return (
    <div className="cad-compare">
      <Popover
        label={active ? `Compare with: ${active.label}` : 'Compare with…'}
        trigger={active ? `Compare with: ${active.label}` : 'Compare with…'}
        title="Compare with…"
        className="cad-button cad-compare__trigger"
      >
        {(close) => <ComparePanel comparison={comparison} close={close} />}
      </Popover>
      {active && (
        <p className="cad-compare__summary" role="status" data-testid="compare-summary">
          {summary}
        </p>
      )}
    </div>
  );
}
