// What both react-big-calendar pages share: the event shape, the Monday-first date-fns
// localizer, and the same seeded month of events as all-day events.
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { dateFnsLocalizer } from 'react-big-calendar';
import { monthEvents } from '../data';

export interface RbcEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: true;
  color: string;
}

export const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }),
  getDay,
  locales: { 'en-US': enUS },
});

const date = (ymd: string, plus = 0) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plus);
};

/** All-day events end at midnight after their last day. */
export const rbcEvents = (n: number): RbcEvent[] =>
  monthEvents(n).map((e) => ({ id: e.id, title: e.title, start: date(e.start), end: date(e.end, 1), allDay: true, color: e.color }));

export const eventPropGetter = (e: RbcEvent) => ({ style: { backgroundColor: e.color } });

/** The month view both pages draw: the same month, Monday first, the channel colours. */
export const MONTH_VIEW = {
  localizer,
  defaultDate: new Date(2026, 2, 1),
  defaultView: 'month' as const,
  views: ['month' as const],
  eventPropGetter,
  style: { height: 860 },
};
