// react-big-calendar: month view, date-fns localizer (Monday first), its own CSS.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { Calendar } from 'react-big-calendar';
import { createRoot } from 'react-dom/client';
import { pageParams } from '../data';
import { eventPropGetter, localizer, rbcEvents, type RbcEvent } from './rbc-shared';
import { settleRequested, whenReady } from './ready';

const { n } = pageParams();
const events = rbcEvents(n);

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
