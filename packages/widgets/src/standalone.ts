// The standalone bundle (dist-standalone/cadence-widgets.js, served at /widgets/cadence-widgets.js):
// React included; loading it registers every <cadence-*> element.
import { defineCadenceElements } from './elements/elements';

export { defineCadenceElements } from './elements/elements';
export { ELEMENT_TAGS, configFromAttributes } from './elements/config';

defineCadenceElements();
