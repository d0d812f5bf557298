import { compareSummaryText, printComparisonLine } from '@cadence/core';
import { lazy, type ReactNode } from 'react';
import { Popover } from '../ui/Popover';
import { momentLabel, problem, type Comparison } from './use-comparison';

// "Compare with…" in the Calendar's and the Gantt's toolbar (docs/adr/0063): a moment or a saved
// baseline, "Save as baseline…" for those who may, and Clear. The summary sits on the same line.

// The panel loads on the first open, inside the popover's Suspense (ui/Popover.tsx).
const ComparePanel = lazy(() => import('./ComparePanel').then((m) => ({ default: m.ComparePanel })));

/** The printout's line while a comparison is shown (a saved baseline is named with its moment), else undefined. */
export function comparisonPrintLine(comparison: Comparison): string | undefined {
  const { result } = comparison;
  if (!comparison.with || !result) return undefined;
  return printComparisonLine(result.baseline ? `${result.baseline.name} (${momentLabel(result.at)})` : momentLabel(result.at), result.summary);
}

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
