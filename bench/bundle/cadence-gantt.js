// What a React host imports to show a working Cadence Gantt (see cadence-calendar.js).
export { CadenceProvider, Gantt } from '@cadence/widgets/gantt';
