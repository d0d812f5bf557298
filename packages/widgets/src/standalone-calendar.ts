// The calendar-only standalone bundle (dist-standalone/cadence-calendar.js, served at
// /widgets/cadence-calendar.js): React and the calendar only; loading it registers
// <cadence-calendar>. A page that also loads cadence-widgets.js keeps this definition.
import { Calendar } from './calendar/Calendar';
import { defineCadenceElement } from './elements/define';

export { ELEMENT_TAGS, configFromAttributes } from './elements/config';

/** Registers `<cadence-calendar>` (left alone when already defined). */
export function defineCadenceElements(registry: CustomElementRegistry = customElements): void {
  defineCadenceElement('cadence-calendar', Calendar, registry);
}

defineCadenceElements();
