// @toast-ui/calendar ships types that its package.json "exports" hides from TypeScript's
// bundler resolution; the little the page uses is declared here.
declare module '@toast-ui/calendar' {
  export default class Calendar {
    constructor(container: HTMLElement | string, options?: Record<string, unknown>);
    setDate(date: Date): void;
    createEvents(events: ReadonlyArray<Record<string, unknown>>): void;
  }
}
