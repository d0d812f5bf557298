import * as z from 'zod';
import { requiredTitle, timestampSchema, ymdSchema } from './common';

// The working calendar (docs/adr/0052-working-calendar.md): the weekend and the closed days that
// template offsets and re-planning skip, and that calendars and Gantts shade.

export const CLOSED_DAY_KINDS = ['holiday', 'blackout'] as const;
export const CLOSED_DAY_SOURCES = ['manual', 'ics'] as const;

const weekdaySchema = z
  .number({ error: 'Must be a weekday number, 0 (Monday) to 6 (Sunday)' })
  .int({ error: 'Must be a weekday number, 0 (Monday) to 6 (Sunday)' })
  .min(0, { error: 'Must be a weekday number, 0 (Monday) to 6 (Sunday)' })
  .max(6, { error: 'Must be a weekday number, 0 (Monday) to 6 (Sunday)' });

/** The days of the week nobody works, Monday-first (0 = Monday … 6 = Sunday); at least one day stays a working day. */
export const weekendSchema = z
  .array(weekdaySchema, { error: 'Must be a list of weekday numbers' })
  .max(7)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b))
  .refine((days) => days.length < 7, { error: 'At least one day of the week must be a working day' });

export const closedDayKindSchema = z.enum(CLOSED_DAY_KINDS, { error: `Must be one of: ${CLOSED_DAY_KINDS.join(', ')}` });

export const closedDaySchema = z.object({
  day: ymdSchema,
  label: z.string(),
  kind: closedDayKindSchema,
  source: z.enum(CLOSED_DAY_SOURCES),
  created_by: z.string().nullable(),
  created_at: timestampSchema,
});
export type ClosedDay = z.infer<typeof closedDaySchema>;

export const closedDayCreateSchema = z.strictObject({
  day: ymdSchema,
  label: requiredTitle('A label is required (e.g. "Christmas Day")', 200),
  kind: closedDayKindSchema.default('holiday'),
});
export type ClosedDayCreate = z.input<typeof closedDayCreateSchema>;

export const workingWeekSchema = z.strictObject({ weekend: weekendSchema });

export const workingCalendarSchema = z.object({
  weekend: z.array(z.number().int()),
  closed_days: z.array(closedDaySchema),
});
export type WorkingCalendarData = z.infer<typeof workingCalendarSchema>;

export const workingCalendarQuerySchema = z
  .strictObject({ from: ymdSchema.optional(), to: ymdSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'Must be on or after from' });

export const closedDaysImportSchema = z.object({
  /** Days the file closed that were not closed yet. */
  added: z.array(closedDaySchema),
  /** Days of the file already closed (a re-import): left as they were. */
  already_closed: z.array(ymdSchema),
});
export type ClosedDaysImport = z.infer<typeof closedDaysImportSchema>;
