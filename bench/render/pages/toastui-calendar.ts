// @toast-ui/calendar: month view (Monday first), its own CSS, one calendar per channel colour.
import '@toast-ui/calendar/dist/toastui-calendar.min.css';
import Calendar from '@toast-ui/calendar';
import { CHANNELS, monthEvents, pageParams } from '../data';
import { settleRequested, whenReady } from './ready';

const date = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

const { n } = pageParams();
const events = monthEvents(n).map((e) => ({ id: e.id, calendarId: e.channel, title: e.title, start: date(e.start), end: date(e.end), isAllday: true, category: 'allday' as const }));

whenReady({
  isReady: () =>
    document.querySelector('.toastui-calendar-weekday-event') !== null &&
    (n < 200 || document.querySelector('.toastui-calendar-grid-cell-more-events') !== null),
  eventSelector: '.toastui-calendar-weekday-event',
  settle: settleRequested(),
});
const root = document.getElementById('root')!;
root.style.height = '860px';
const calendar = new Calendar(root, {
  defaultView: 'month',
  usageStatistics: false,
  month: { startDayOfWeek: 1 },
  calendars: CHANNELS.map(([id, color]) => ({ id, name: id, backgroundColor: color, borderColor: color, color: '#0f172a' })),
});
calendar.setDate(new Date(2026, 2, 1));
calendar.createEvents(events);
