import { MESSAGES, type EventAudience, type EventRegion, type EventType, type EventVertical } from '../../constants';
import type { Ymd } from '../../dates';
import type { EventCreate } from '../../schemas/events';
import { checked, missing, textOrNull, type FormCheck } from './field-errors';

export interface EventForm {
  name: string;
  vertical: EventVertical[];
  vertical_other: string;
  audience: EventAudience[];
  region: EventRegion | '';
  type: EventType[];
  start_date: Ymd | '';
  end_date: Ymd | '';
  location: string;
  venue: string;
  event_url: string;
}

export const emptyEventForm = (): EventForm => ({
  name: '', vertical: [], vertical_other: '', audience: [], region: '', type: [], start_date: '', end_date: '', location: '', venue: '', event_url: '',
});

/**
 * docs/product.md#validation-events: name, a vertical, an audience, both dates and a type are required ('Please fill
 * in all required fields'); the 'other' vertical's text is kept only while 'other' is chosen.
 */
export function eventBody(f: EventForm): FormCheck<EventCreate, keyof EventForm> {
  const errors = missing(MESSAGES.requiredFields, {
    name: !f.name.trim(), vertical: !f.vertical.length, audience: !f.audience.length, type: !f.type.length,
    start_date: !f.start_date, end_date: !f.end_date,
  });
  return checked(errors, () => ({
    name: f.name.trim(), vertical: f.vertical, vertical_other: f.vertical.includes('other') ? textOrNull(f.vertical_other) : null,
    audience: f.audience, region: f.region || null, type: f.type, start_date: f.start_date, end_date: f.end_date,
    location: textOrNull(f.location), venue: textOrNull(f.venue), event_url: textOrNull(f.event_url),
  }));
}
