// react-big-calendar as its README sets it up with date-fns: the component, the localizer it
// cannot render without (date-fns and its en-US locale) and its stylesheet. Data fetching,
// dialogs and toasts are left to the host, so this is the smaller side of the comparison.
import { Calendar, dateFnsLocalizer } from 'react-big-calendar';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import 'react-big-calendar/lib/css/react-big-calendar.css';

export const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });
export { Calendar };
