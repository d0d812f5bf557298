// @cadence/widgets/elements: custom elements one at a time, for an ESM page that wants only
// some widgets as elements: take `defineCadenceElement` from this entry and `Calendar` from the
// calendar entry, then `defineCadenceElement('cadence-calendar', Calendar)`.
// (defineCadenceElements() in the main entry registers all seven.)
export { ELEMENT_CSS, createWidgetElement, defineCadenceElement } from '../elements/define';
export type { CadenceElement } from '../elements/define';
export type { WidgetComponent } from '../elements/EmbeddedWidget';
export { configFromAttributes, ELEMENT_TAGS, ELEMENT_WIDGETS, OBSERVED_ATTRIBUTES } from '../elements/config';
export type { ElementConfig, ElementTag } from '../elements/config';
