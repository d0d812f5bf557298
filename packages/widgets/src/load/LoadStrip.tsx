import { LOAD_BY, shortDay, weekLoadLabel, weekPlacement, weeklyLoad, type DateRange, type PlannedCampaign, type RuleViolation } from '@cadence/core';
import { useMemo, type ReactNode } from 'react';
import { isVirtual, type AnyCampaign } from '../provider/permissions';
import loadCss from '../styles/load.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { useRemembered } from '../ui/use-remembered';

export interface LoadStripProps {
  campaigns: readonly AnyCampaign[];
  range: DateRange;
  violations: readonly RuleViolation[];
  /**
   * Over the Gantt's day columns: each week's cell spans its days as the bars below place them
   * (the Gantt's label column on the left). Otherwise the weeks share the line evenly (the
   * calendar, and the Gantt on a phone, which scrolls sideways under a strip that does not).
   */
  alignToDays?: boolean;
}

/**
 * One line of small cells over the plan, a week each: its go-lives, counted by channel or owner,
 * a week where a load rule is broken marked (docs/adr/0062). The campaigns shown are counted (the
 * filters apply); each cell says its counts in words to a screen reader, and on hover. What it
 * counts by is remembered in this browser, as the switch is.
 */
export default function LoadStrip({ campaigns, range, violations, alignToDays = false }: LoadStripProps): ReactNode {
  const [by, setBy] = useRemembered('load.by', 'channel', LOAD_BY);
  const weeks = useMemo(
    () => weeklyLoad(campaigns.filter((c) => !isVirtual(c)) as unknown as PlannedCampaign[], by, range, violations),
    [campaigns, by, range.from, range.to, violations], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return (
    <div className={alignToDays ? 'cad-load-strip cad-load-strip--days' : 'cad-load-strip'}>
      <WidgetStyles css={loadCss} />
      <span className="cad-load-strip__lead">
        <select className="cad-load-strip__by" aria-label="Count go-lives by" value={by} onChange={(e) => setBy(e.target.value as typeof by)}>
          <option value="channel">Channel</option>
          <option value="owner">Owner</option>
        </select>
      </span>
      <ul className="cad-load-strip__weeks" aria-label="Go-lives a week">
        {weeks.map((w) => {
          const label = weekLoadLabel(w);
          const place = alignToDays ? weekPlacement(w.week, range) : null;
          return (
            <li
              key={w.week}
              className={w.over ? 'cad-load-strip__week cad-load-strip__week--over' : 'cad-load-strip__week'}
              title={label}
              style={place ? { left: `${place.leftPercent}%`, width: `${place.widthPercent}%` } : undefined}
            >
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
