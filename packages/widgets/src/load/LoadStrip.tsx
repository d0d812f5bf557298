import { shortDay, weekLoadLabel, weeklyLoad, type DateRange, type LoadBy, type PlannedCampaign, type RuleViolation } from '@cadence/core';
import { useMemo, useState, type ReactNode } from 'react';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import loadCss from '../styles/load.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';

/**
 * One line of small cells over the plan, a week each: its go-lives, counted by channel or owner,
 * a week where a load rule is broken marked (docs/adr/0062). The campaigns shown are counted (the
 * filters apply); each cell says its counts in words to a screen reader, and on hover.
 */
export default function LoadStrip({ campaigns, range, violations }: { campaigns: readonly AnyCampaign[]; range: DateRange; violations: readonly RuleViolation[] }): ReactNode {
  const [by, setBy] = useState<LoadBy>('channel');
  const weeks = useMemo(
    () => weeklyLoad(campaigns.filter((c) => !isVirtual(c)) as unknown as PlannedCampaign[], by, range, violations),
    [campaigns, by, range.from, range.to, violations], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return (
    <div className="cad-load-strip">
      <WidgetStyles css={loadCss} />
      <select className="cad-load-strip__by" aria-label="Count go-lives by" value={by} onChange={(e) => setBy(e.target.value as LoadBy)}>
        <option value="channel">Channel</option>
        <option value="owner">Owner</option>
      </select>
      <ul className="cad-load-strip__weeks" aria-label="Go-lives a week">
        {weeks.map((w) => {
          const label = weekLoadLabel(w);
          return (
            <li key={w.week} className={w.over ? 'cad-load-strip__week cad-load-strip__week--over' : 'cad-load-strip__week'} title={label}>
              <span className="cad-sr-only">{label}</span>
              <span aria-hidden="true" className="cad-load-strip__day">{shortDay(w.week)}</span>
              <strong aria-hidden="true">{w.total}</strong>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
