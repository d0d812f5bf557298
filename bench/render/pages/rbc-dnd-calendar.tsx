// react-big-calendar with its drag-and-drop add-on: month view, date-fns localizer (Monday
// first), both stylesheets, and a host that moves the event on drop, as its README shows.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { useCallback, useState } from 'react';
import { Calendar } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs, withDragAndDropProps } from 'react-big-calendar/lib/addons/dragAndDrop';
import { createRoot } from 'react-dom/client';
import { pageParams } from '../data';
import { MONTH_VIEW, rbcEvents, type RbcEvent } from './rbc-shared';
import { settleRequested, whenReady } from './ready';

// The add-on is CommonJS (`exports.default`); an IIFE bundle may hand it over wrapped once more.
type Wrap = (c: typeof Calendar) => React.ComponentType<withDragAndDropProps<RbcEvent> & Record<string, unknown>>;
const interop = dragAndDrop as unknown as { default: Wrap | { default: Wrap } };
const withDragAndDrop: Wrap = typeof interop.default === 'function' ? interop.default : interop.default.default;
const DnDCalendar = withDragAndDrop(Calendar);

const { n } = pageParams();
const initial = rbcEvents(n);

function Page() {
  const [events, setEvents] = useState(initial);
  const onEventDrop = useCallback(({ event, start, end }: EventInteractionArgs<RbcEvent>) => {
    setEvents((list) => list.map((e) => (e.id === event.id ? { ...e, start: new Date(start), end: new Date(end) } : e)));
  }, []);
  return (
    <DnDCalendar
      {...MONTH_VIEW}
      events={events}
      onEventDrop={onEventDrop}
      resizable={false}
    />
  );
}

whenReady({
  isReady: () => document.querySelector('.rbc-event') !== null && (n < 200 || document.querySelector('.rbc-show-more') !== null),
  eventSelector: '.rbc-event',
  settle: settleRequested(),
});
createRoot(document.getElementById('root')!).render(<Page />);
