// react-big-calendar with its drag-and-drop add-on: month view, date-fns localizer (Monday
// first), both stylesheets, and a host that moves the event on drop, as its README shows.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { useCallback, useState } from 'react';
import { Calendar, dateFnsLocalizer } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs, withDragAndDropProps } from 'react-big-calendar/lib/addons/dragAndDrop';
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
// The add-on is CommonJS (`exports.default`); an IIFE bundle may hand it over wrapped once more.
type Wrap = (c: typeof Calendar) => React.ComponentType<withDragAndDropProps<RbcEvent> & Record<string, unknown>>;
const interop = dragAndDrop as unknown as { default: Wrap | { default: Wrap } };
const withDragAndDrop: Wrap = typeof interop.default === 'function' ? interop.default : interop.default.default;
const DnDCalendar = withDragAndDrop(Calendar);

const { n } = pageParams();
const initial: RbcEvent[] = monthEvents(n).map((e) => ({ id: e.id, title: e.title, start: date(e.start), end: date(e.end, 1), allDay: true, color: e.color }));
const eventPropGetter = (e: RbcEvent) => ({ style: { backgroundColor: e.color } });

function Page() {
  const [events, setEvents] = useState(initial);
  const onEventDrop = useCallback(({ event, start, end }: EventInteractionArgs<RbcEvent>) => {
    setEvents((list) => list.map((e) => (e.id === event.id ? { ...e, start: new Date(start), end: new Date(end) } : e)));
  }, []);
  return (
    <DnDCalendar
      localizer={localizer}
      events={events}
      defaultDate={new Date(2026, 2, 1)}
      defaultView="month"
      views={['month']}
      eventPropGetter={eventPropGetter}
      onEventDrop={onEventDrop}
      resizable={false}
      style={{ height: 860 }}
    />
  );
}

whenReady({
  isReady: () => document.querySelector('.rbc-event') !== null && (n < 200 || document.querySelector('.rbc-show-more') !== null),
  eventSelector: '.rbc-event',
  settle: settleRequested(),
});
createRoot(document.getElementById('root')!).render(<Page />);
