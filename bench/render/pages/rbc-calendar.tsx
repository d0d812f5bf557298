// react-big-calendar: month view, date-fns localizer (Monday first), its own CSS.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { Calendar } from 'react-big-calendar';
import { createRoot } from 'react-dom/client';
import { pageParams } from '../data';
import { MONTH_VIEW, rbcEvents, type RbcEvent } from './rbc-shared';
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
    {...MONTH_VIEW}
    events={events}
  />,
);
