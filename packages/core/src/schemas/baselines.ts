import * as z from 'zod';
import { daysBetween } from '../dates';
import { idSchema, ymdSchema } from './common';

// Baselines (docs/adr/0063): a named past moment of the plan, and the comparison of the plan then
// with the plan now. A moment is a timestamp with its offset; it must not be in the future (the log
// cannot tell what the plan will be) nor before 2000.

export const BASELINE_LIMITS = { nameMaxLength: 120, maxRangeDays: 800 } as const;

/** A past moment: an ISO date-time with its offset, no later than now. */
export const pastMomentSchema = z
  .string({ error: 'Must be a date and time, e.g. 2027-01-03T09:00:00Z' })
  .pipe(z.iso.datetime({ offset: true, error: 'Must be a date and time with its offset, e.g. 2027-01-03T09:00:00Z' }))
  .refine((s) => Date.parse(s) <= Date.now(), { error: 'Must not be in the future: a baseline is a moment that has passed' })
  .refine((s) => Date.parse(s) >= Date.parse('2000-01-01T00:00:00Z'), { error: 'Must be in the year 2000 or later' });

const name = z
  .string({ error: 'Required' })
  .trim()
  .min(1, { error: 'Give the baseline a name' })
  .max(BASELINE_LIMITS.nameMaxLength, { error: `Must be at most ${BASELINE_LIMITS.nameMaxLength} characters` });

export const baselineCreateSchema = z.strictObject({ name, at: pastMomentSchema });
export type BaselineCreate = z.input<typeof baselineCreateSchema>;

/** Only the name changes: a baseline's moment is what it is (save another one for another moment). */
export const baselineUpdateSchema = z.strictObject({ name });
export type BaselineUpdate = z.input<typeof baselineUpdateSchema>;

export const baselineSchema = z.object({
  id: idSchema,
  name: z.string(),
  at: z.string(),
  created_by: idSchema.nullable(),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Baseline = z.infer<typeof baselineSchema>;

export const compareQuerySchema = z
  .strictObject({
    at: pastMomentSchema.optional(),
    baseline: idSchema.optional(),
    from: ymdSchema,
    to: ymdSchema,
  })
  .superRefine((q, ctx) => {
    if ((q.at === undefined) === (q.baseline === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.at === undefined ? 'at' : 'baseline'], message: 'Give either a moment (at) or a saved baseline (baseline), not both' });
    }
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be on or after from' });
    else if (daysBetween(q.from, q.to) > BASELINE_LIMITS.maxRangeDays) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `The range may cover at most ${BASELINE_LIMITS.maxRangeDays} days` });
    }
  });
export type CompareQuery = z.input<typeof compareQuerySchema>;

const planDatesSchema = z.object({ planning_start_date: z.string(), live_date: z.string(), end_date: z.string().nullable() });

export const comparedCampaignSchema = z.object({
  id: idSchema,
  title: z.string(),
  then: planDatesSchema.nullable(),
  now: planDatesSchema.nullable(),
  change: z.enum(['moved', 'added', 'removed', 'same']),
  slip_days: z.number().int().nullable(),
});

export const compareResultSchema = z.object({
  /** The moment compared with (a saved baseline's, when one was named). */
  at: z.string(),
  baseline: baselineSchema.nullable(),
  from: z.string(),
  to: z.string(),
  campaigns: z.array(comparedCampaignSchema),
  summary: z.object({ moved: z.number().int(), added: z.number().int(), removed: z.number().int(), median_slip_days: z.number().int().nullable() }),
});
export type CompareResult = z.infer<typeof compareResultSchema>;
