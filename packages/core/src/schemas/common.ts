import * as z from 'zod';
import { CHANNEL_VALUES } from '../channels';
import { LIMITS } from '../constants';
import { isYmd } from '../dates';

export const idSchema = z.uuid({ error: 'Must be a valid id' });

/**
 * A date-only value: always a `YYYY-MM-DD` string, never a timestamp. Years are bounded so
 * every accepted value is one PostgreSQL stores (it has no year 0).
 */
export const ymdSchema = z
  .string({ error: 'Must be a date (YYYY-MM-DD)' })
  .refine(isYmd, { error: 'Must be a date (YYYY-MM-DD)', abort: true })
  .refine((s) => s >= '1900-01-01' && s <= '2999-12-31', { error: 'Must be a date between 1900 and 2999' });

export const timestampSchema = z.iso.datetime({ offset: true });

export const channelSchema = z.enum(CHANNEL_VALUES, {
  error: `Must be one of: ${CHANNEL_VALUES.join(', ')}`,
});

/** Required text: trimmed, non-empty. `message` is the spec's text where it gives one. */
export const requiredTitle = (message = 'Required', max: number = LIMITS.titleMaxLength) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

const emptyToNull = (s: string | null) => (s === null || s === '' ? null : s);

/** Optional free text: trimmed; empty becomes null (docs/product.md#validation: empty optional fields are saved as null). */
export const optionalText = (max: number = LIMITS.textMaxLength) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullable()
    .transform(emptyToNull);

export const textList = (item: z.ZodType<string> = z.string().trim().max(LIMITS.titleMaxLength)) =>
  z
    .array(item, { error: 'Must be a list' })
    .max(LIMITS.listMaxItems, { error: `At most ${LIMITS.listMaxItems} items` })
    .transform((items) => items.filter((s) => s !== ''));

export const entityMeta = {
  id: idSchema,
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
};

export const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
