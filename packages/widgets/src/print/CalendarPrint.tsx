import { barColor, changeLabel, formatYmd, printLegend, printWeek, type CampaignFilter, type ComparedCampaign, type Ymd } from '@cadence/core';
import type { ReactNode } from 'react';
import { WEEKDAY_HEADERS } from '../calendar/CalendarGrid';
import type { AnyCampaign } from '../provider/permissions';
import { PrintHeader } from './PrintHeader';

export interface CalendarPrintProps {
  title: string;
  filter: CampaignFilter;
  weeks: Ymd[][];
  buckets: ReadonlyMap<Ymd, AnyCampaign[]>;
  /** 'YYYY-MM' of the month shown, or null for a week: other days are dimmed. */
  month: string | null;
  now: Date;
  by: string | null;
  /** While comparing with a baseline (docs/adr/0063): the header's line, "Was:" entries by the day they went live then, and the campaigns added since. */
  comparison?: { line: string; thenByDay: ReadonlyMap<Ymd, readonly ComparedCampaign[]>; added: ReadonlySet<string> } | undefined;
}

/**
 * The month (or week) on paper: every campaign of every day, no "+N more", each title in full on
 * its first day in a week row and a thin bar of its colour on the days it goes on (docs/adr/0033).
 */
export function CalendarPrint({ title, filter, weeks, buckets, month, now, by, comparison }: CalendarPrintProps): ReactNode {
  const shown = new Map<string, AnyCampaign>();
  for (const list of buckets.values()) for (const c of list) shown.set(c.id, c);
  return (
    <div className="cad-print" data-testid="print-layout">
      <PrintHeader title={title} filter={filter} legend={printLegend([...shown.values()])} now={now} by={by} comparison={comparison?.line} />
      <table className="cad-print-cal">
        <thead>
          <tr>{WEEKDAY_HEADERS.map((d) => <th key={d} scope="col">{d}</th>)}</tr>
        </thead>
        <tbody>
          {weeks.map((week) => {
            const days = printWeek(week, buckets);
            return (
              <tr key={week[0]} className="cad-print-cal__week">
                {week.map((day) => (
                  <td key={day} className={month && !day.startsWith(month) ? 'cad-print-cal__day cad-print-cal__day--outside' : 'cad-print-cal__day'}>
                    <span className="cad-print-cal__number">{month && day.endsWith('-01') ? formatYmd(day, 'MMM dd') : Number(day.slice(8))}</span>
                    <ul className="cad-print-cal__list">
                      {(days.get(day) ?? []).map(({ campaign: c, continued }) =>
                        continued ? (
                          <li key={c.id} className="cad-print-cal__cont" style={{ background: barColor(c.channels) }} />
                        ) : (
                          <li key={c.id} className="cad-print-cal__item" style={{ borderLeftColor: barColor(c.channels) }}>
                            {c.title}{comparison?.added.has(c.id) && <span className="cad-print-cal__change"> · Added</span>}
                          </li>
                        ),
                      )}
                      {comparison?.thenByDay.get(day)?.map((c) => (
                        <li key={`then-${c.id}`} className="cad-print-cal__then" title={changeLabel(c)}>Was: {c.title}</li>
                      ))}
                    </ul>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
