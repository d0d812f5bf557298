// @svar-ui/react-gantt as its README sets it up: the component, its Willow theme wrapper and
// the documented stylesheet (`all.css`: the Gantt's and the base controls' styles).
import { Gantt, Willow } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';

export { Gantt, Willow };
