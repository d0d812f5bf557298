// @cadence/widgets/events: the EventsBoard and the provider, and nothing else (see provider.ts).
export * from './provider';
export { EventsBoard } from '../events/EventsBoard';
export type { EventsBoardProps, EventsTab } from '../events/EventsBoard';
