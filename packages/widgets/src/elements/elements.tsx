import { AdManager } from '../ad-manager/AdManager';
import { Calendar } from '../calendar/Calendar';
import { ChannelBoard } from '../channels/ChannelBoard';
import { EventsBoard } from '../events/EventsBoard';
import { Gantt } from '../gantt/Gantt';
import { IdeasBoard } from '../ideas/IdeasBoard';
import { PermissionsPanel } from '../permissions/PermissionsPanel';
import { MyWork } from '../tasks/MyWork';
import { ELEMENT_TAGS, ELEMENT_WIDGETS, type ElementTag, type WidgetName } from './config';
import { createWidgetElement, defineCadenceElement } from './define';
import type { WidgetComponent } from './EmbeddedWidget';

export { ELEMENT_CSS, createWidgetElement, defineCadenceElement } from './define';
export type { CadenceElement } from './define';

/** Every widget an element can render (the all-widgets bundle; one element alone: define.tsx). */
export const WIDGET_COMPONENTS: Record<WidgetName, WidgetComponent> = {
  Calendar,
  Gantt,
  ChannelBoard,
  IdeasBoard,
  AdManager,
  EventsBoard,
  PermissionsPanel,
  MyWork,
};

/** A custom element class rendering the widget of `tag` in an open Shadow DOM. */
export function createElementClass(tag: ElementTag): CustomElementConstructor {
  return createWidgetElement(tag, WIDGET_COMPONENTS[ELEMENT_WIDGETS[tag]]);
}

/** Registers every `<cadence-*>` element (those already defined, e.g. by a second copy of the bundle, are left alone). */
export function defineCadenceElements(registry: CustomElementRegistry = customElements): void {
  for (const tag of ELEMENT_TAGS) defineCadenceElement(tag, WIDGET_COMPONENTS[ELEMENT_WIDGETS[tag]], registry);
}
