import { STANDARD_CALENDAR, dayOfWeekMondayFirst, workingCalendar, type Weekday, type WorkingCalendar, type WorkingCalendarData, type Ymd } from '@cadence/core';
import { useCallback, useMemo } from 'react';
import { useCadence } from './context';
import { useQuery, useQueryKey } from './use-query';

/** What a calendar or Gantt shades on one day: closed (with its label), or a weekend day. */
export interface ClosedDayInfo {
  label: string;
  kind: 'holiday' | 'blackout' | 'weekend';
}

const WEEKEND_LABEL = 'Weekend';

/**
 * The non-working days of a window (docs/adr/0052): closed days by date with their label, and the
 * weekend's weekdays (Monday-first). Empty until loaded, and when the server has no working
 * calendar (an older server answers 404): nothing is shaded then.
 */
export function useClosedDays(from: Ymd, to: Ymd): (day: Ymd) => ClosedDayInfo | null {
  const { client } = useCadence();
  const key = useQueryKey(['workingCalendar', { from, to }] as const);
  const fetcher = useCallback(() => client.workingCalendar.get({ from, to }), [client, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const onError = useCallback(() => {}, []);
  const { data } = useQuery<WorkingCalendarData>(key, fetcher, onError);
  return useMemo(() => closedDayLookup(data), [data]);
}

/**
 * The install's working calendar over a window, for counting working days as the server will
 * (a template's preview): the standard week until it is loaded, or when the window is null.
 */
export function useWorkingCalendar(window: { from: Ymd; to: Ymd } | null): WorkingCalendar {
  const { client } = useCadence();
  const key = useQueryKey(window ? (['workingCalendar', window] as const) : null);
  const fetcher = useCallback(() => client.workingCalendar.get(window ?? {}), [client, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const onError = useCallback(() => {}, []);
  const { data } = useQuery<WorkingCalendarData>(key, fetcher, onError);
  return useMemo(() => (data ? workingCalendar(data.closed_days.map((d) => d.day), data.weekend as Weekday[]) : STANDARD_CALENDAR), [data]);
}

/** A lookup from a loaded working calendar: the closed day's label first, else "Weekend". */
export function closedDayLookup(data: WorkingCalendarData | undefined): (day: Ymd) => ClosedDayInfo | null {
  if (!data) return () => null;
  const closed = new Map(data.closed_days.map((d) => [d.day, { label: d.label, kind: d.kind }]));
  const weekend = new Set(data.weekend);
  return (day) => {
    const c = closed.get(day);
    if (c) return c;
    return weekend.has(dayOfWeekMondayFirst(day)) ? { label: WEEKEND_LABEL, kind: 'weekend' } : null;
  };
}
