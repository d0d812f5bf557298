// (Plain JS: the package's `exports` hide its type declarations from TypeScript.)
// @toast-ui/calendar, a framework-free calendar (it bundles its own Preact), with its
// stylesheet: a reference point for what a calendar <script> costs a page.
import Calendar from '@toast-ui/calendar';
import '@toast-ui/calendar/dist/toastui-calendar.min.css';

globalThis.tuiCalendar = Calendar;
