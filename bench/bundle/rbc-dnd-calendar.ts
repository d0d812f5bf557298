// react-big-calendar with its drag-and-drop add-on, as its README sets them up with date-fns:
// the component wrapped by withDragAndDrop, the localizer, and both stylesheets. The peer of
// Cadence's calendar entry now that it moves campaigns by pointer and keyboard (docs/adr/0019).
import { Calendar, dateFnsLocalizer } from 'react-big-calendar';
import withDragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';

export const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });
export const DragAndDropCalendar = withDragAndDrop(Calendar);
