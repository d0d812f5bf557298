import * as z from 'zod';
import { EVENT_AUDIENCES, EVENT_REGIONS, EVENT_TYPES, EVENT_VERTICALS, MESSAGES } from '../constants';
import { entityMeta, idSchema, optionalText, requiredTitle, ymdSchema } from './common';

const required = MESSAGES.requiredFields;
const nonEmptyList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values), { error: required }).min(1, { error: required }).max(values.length);

const eventFields = {
  name: requiredTitle(required),
  vertical: nonEmptyList(EVENT_VERTICALS),
  vertical_other: optionalText(300),
  audience: nonEmptyList(EVENT_AUDIENCES),
  start_date: z.string({ error: required }).pipe(ymdSchema),
  end_date: z.string({ error: required }).pipe(ymdSchema),
  region: z.enum(EVENT_REGIONS).nullable(),
  location: optionalText(300),
  venue: optionalText(300),
  event_url: optionalText(2000),
  type: nonEmptyList(EVENT_TYPES),
};

const otherNeedsText = (e: { vertical?: readonly string[] | undefined; vertical_other?: string | null | undefined }) =>
  !e.vertical?.includes('other') || !!e.vertical_other;

export const eventCreateSchema = z
  .strictObject({
    ...eventFields,
    vertical_other: eventFields.vertical_other.optional(),
    region: eventFields.region.optional(),
    location: eventFields.location.optional(),
    venue: eventFields.venue.optional(),
    event_url: eventFields.event_url.optional(),
  })
  .refine(otherNeedsText, { path: ['vertical_other'], error: 'Describe the other vertical' });
export type EventCreate = z.input<typeof eventCreateSchema>;

/** A patch that touches `vertical` is checked against the stored row by the server. */
export const eventUpdateSchema = z.strictObject(eventFields).partial();
export type EventUpdate = z.input<typeof eventUpdateSchema>;

export const eventSchema = z.object({
  ...entityMeta,
  name: z.string(),
  vertical: z.array(z.enum(EVENT_VERTICALS)),
  vertical_other: z.string().nullable(),
  audience: z.array(z.enum(EVENT_AUDIENCES)),
  start_date: ymdSchema,
  end_date: ymdSchema,
  region: z.enum(EVENT_REGIONS).nullable(),
  location: z.string().nullable(),
  venue: z.string().nullable(),
  event_url: z.string().nullable(),
  type: z.array(z.enum(EVENT_TYPES)),
  created_by: idSchema.nullable(),
});
export type CadenceEvent = z.infer<typeof eventSchema>;
