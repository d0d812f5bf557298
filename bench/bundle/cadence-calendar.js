// What a React host imports to show a working Cadence calendar: the widget, and the provider
// that gives it its API client, query cache, realtime refresh, toasts and stylesheet.
// (Plain JS: the root tsconfig maps only the packages' main entries, not their subpaths.)
export { CadenceProvider, Calendar } from '@cadence/widgets/calendar';
