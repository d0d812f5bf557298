// The provider every widget needs, shared by the per-widget entry points
// ('@cadence/widgets/calendar', '@cadence/widgets/gantt', …): import a widget from its own
// entry and a page pays only for that widget; '@cadence/widgets' has them all.
export { CadenceProvider } from '../provider/CadenceProvider';
export type { CadenceProviderProps, RealtimeLike } from '../provider/CadenceProvider';
export { useCadence } from '../provider/context';
export type { CadenceContextValue } from '../provider/context';
export { useSession } from '../provider/session';
export type { CadenceSession } from '../provider/session';
export type { Toast, ToastInput, ToastSlotProps } from '../provider/toast';
export type { WidgetProps } from '../ui/WidgetRoot';
