// react-big-calendar: month view, date-fns localizer (Monday first), its own CSS.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { Calendar, dateFnsLocalizer } from 'react-big-calendar';
import { createRoot } from 'react-dom/client';
import { monthEvents, pageParams } from '../data';
import { settleRequested, whenReady } from './ready';

interface RbcEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: true;
  color: string;
}

const localizer = dateFnsLocalizer({
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

const { n } = pageParams();
// All-day events end at midnight after their last day.
const events: RbcEvent[] = monthEvents(n).map((e) => ({ id: e.id, title: e.title, start: date(e.start), end: date(e.end, 1), allDay: true, color: e.color }));
const eventPropGetter = (e: RbcEvent) => ({ style: { backgroundColor: e.color } });

whenReady({
  isReady: () => document.querySelector('.rbc-event') !== null && (n < 200 || document.querySelector('.rbc-show-more') !== null),
  eventSelector: '.rbc-event',
  settle: settleRequested(),
});
createRoot(document.getElementById('root')!).render(
  <Calendar<RbcEvent>
    localizer={localizer}
    events={events}
    defaultDate={new Date(2026, 2, 1)}
    defaultView="month"
    views={['month']}
    eventPropGetter={eventPropGetter}
    style={{ height: 860 }}
  />,
);
