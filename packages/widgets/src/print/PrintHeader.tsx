import { filterLine, printedLine, type CampaignFilter, type LegendEntry } from '@cadence/core';
import type { ReactNode } from 'react';
import { WidgetStyles } from '../styles/WidgetStyles';
import printLayoutCss from '../styles/print-layout.css?inline';

export interface PrintHeaderProps {
  /** e.g. "Global Calendar — Planning Gantt Chart, Q4 2026". */
  title: string;
  filter: CampaignFilter;
  legend: readonly LegendEntry[];
  now: Date;
  /** Who prints: the signed-in user's e-mail or name; none (an access key) leaves out "by". */
  by: string | null;
  /** While comparing with a baseline (docs/adr/0063): what with, and the summary. */
  comparison?: string | undefined;
}

/**
 * The top of a printout: what view this is, narrowed how, what the colours mean, when and by whom.
 * It brings the layouts' stylesheet: every layout has a header, and the rules load with the
 * layouts' code, not with the widget's (docs/adr/0067).
 */
export function PrintHeader({ title, filter, legend, now, by, comparison }: PrintHeaderProps): ReactNode {
  return (
    <header className="cad-print__header">
      <WidgetStyles css={printLayoutCss} />
      <h1 className="cad-print__title">{title}</h1>
      <p className="cad-print__filters">{filterLine(filter)}</p>
      {comparison && <p className="cad-print__comparison">{comparison}</p>}
      {legend.length > 0 && (
        <ul className="cad-print__legend" aria-label="Channel colours">
          {legend.map((e) => (
            <li key={e.label} className="cad-print__legend-item">
              <span className="cad-print__swatch" style={{ background: e.color }} aria-hidden="true" />
              {e.label}
            </li>
          ))}
        </ul>
      )}
      <p className="cad-print__printed">{printedLine(now, by)}</p>
    </header>
  );
}
