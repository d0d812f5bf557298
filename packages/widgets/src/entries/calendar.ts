// @cadence/widgets/calendar: the Calendar and the provider, and nothing else (see provider.ts).
export * from './provider';
export { Calendar } from '../calendar/Calendar';
export type { CalendarProps } from '../calendar/Calendar';
