// The peer of Cadence's calendar-only standalone script: react-big-calendar + date-fns + React
// and React DOM in one classic script, registering a <rbc-calendar> custom element the way
// Cadence's script registers <cadence-calendar> (stylesheet alongside, in the page).
import { createRoot } from 'react-dom/client';
import { Calendar, dateFnsLocalizer } from 'react-big-calendar';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import 'react-big-calendar/lib/css/react-big-calendar.css';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });

class RbcCalendarElement extends HTMLElement {
  connectedCallback(): void {
    createRoot(this).render(<Calendar localizer={localizer} events={[]} style={{ height: 600 }} />);
  }
}
customElements.define('rbc-calendar', RbcCalendarElement);
