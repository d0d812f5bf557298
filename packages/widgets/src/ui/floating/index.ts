// The layers' code, one chunk loaded when a layer first opens or a trigger is about to be used
// (docs/adr/0040): the first screen of a widget carries no Floating UI.
export { DialogLayer } from './DialogLayer';
export { MenuLayer } from './MenuLayer';
export { PopoverLayer } from './PopoverLayer';
