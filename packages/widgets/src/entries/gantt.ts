// @cadence/widgets/gantt: the Gantt chart and the provider, and nothing else (see provider.ts).
export * from './provider';
export { Gantt } from '../gantt/Gantt';
export type { GanttProps } from '../gantt/Gantt';
