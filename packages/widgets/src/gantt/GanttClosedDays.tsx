import { dayLeftPercent, daysBetween, eachDay, formatYmd, type Ymd, type YmdSpan } from '@cadence/core';
import { useMemo, type ReactNode } from 'react';
import type { ClosedDayInfo } from '../provider/working-calendar';

interface Props {
  range: YmdSpan;
  closedOf: (day: Ymd) => ClosedDayInfo | null;
}

const closedIn = (range: YmdSpan, closedOf: Props['closedOf']) =>
  eachDay(range.start, range.end).flatMap((day) => {
    const info = closedOf(day);
    return info ? [{ day, ...info }] : [];
  });

/**
 * The working calendar's non-working days as hatched columns across the Gantt's head
 * (docs/adr/0052): closed days always, weekends in the month range only (a year of them would be
 * noise). Each column says what it is on hover; `ClosedDaysNote` says it to screen readers.
 */
export function GanttClosedDays({ range, closedOf, weekends }: Props & { weekends: boolean }): ReactNode {
  const days = useMemo(() => closedIn(range, closedOf).filter((d) => weekends || d.kind !== 'weekend'), [range, closedOf, weekends]);
  const width = 100 / (daysBetween(range.start, range.end) + 1);
  return days.map((d) => (
    <span
      key={d.day}
      className={d.kind === 'weekend' ? 'cad-gantt__closed cad-gantt__closed--weekend' : 'cad-gantt__closed'}
      data-closed-day={d.day}
      title={d.kind === 'weekend' ? 'Weekend' : `Closed: ${d.label}`}
      style={{ left: `${dayLeftPercent(d.day, range)}%`, width: `${width}%` }}
    />
  ));
}

/** The closed days of the range in words, for screen readers: the shading above is aria-hidden. */
export function ClosedDaysNote({ range, closedOf }: Props): ReactNode {
  const days = useMemo(() => closedIn(range, closedOf).filter((d) => d.kind !== 'weekend'), [range, closedOf]);
  if (!days.length) return null;
  return <p className="cad-sr-only">{`Closed days in this range: ${days.map((d) => `${formatYmd(d.day, 'MMM dd, yyyy')}, ${d.label}`).join('; ')}.`}</p>;
}
