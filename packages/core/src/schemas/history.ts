import * as z from 'zod';
import { HISTORY_RESOURCES } from '../rules/history';
import { isYmd } from '../dates';

/** `since`/`until`: a timestamp with its offset, or a date (the start of that day, UTC). */
const instant = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => (isYmd(v) || /^\d{4}-\d{2}-\d{2}T/.test(v)) && !Number.isNaN(Date.parse(isYmd(v) ? `${v}T00:00:00Z` : v)), {
      error: `${name} must be a date (YYYY-MM-DD) or a timestamp such as 2026-11-24T09:30:00Z`,
      abort: true,
    })
    .transform((v) => new Date(isYmd(v) ? `${v}T00:00:00Z` : v).toISOString())
    // Years PostgreSQL stores (it has no year 0), as for date-only values.
    .refine((iso) => iso >= '1900-01-01' && iso < '3000-01-01', { error: `${name} must be between 1900 and 2999` });

export const historyQuerySchema = z.strictObject({
  resource: z.enum(HISTORY_RESOURCES, { error: `Must be one of: ${HISTORY_RESOURCES.join(', ')}` }).optional(),
  id: z.uuid({ error: 'Must be a valid id' }).optional(),
  /** A user id, or an e-mail address. */
  actor: z.string().trim().min(1).max(320).optional(),
  since: instant('since').optional(),
  until: instant('until').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(40).optional(),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const rowHistoryQuerySchema = historyQuerySchema.pick({ limit: true, cursor: true });

const fieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  /** Set when an access key made the change; `actor` is then its owner. */
  key: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  request_id: z.string().nullable(),
  resource: z.enum(HISTORY_RESOURCES),
  row_id: z.string().nullable(),
  action: z.string(),
  /** Updates: each changed field's values. Imports: none (see `row`). */
  changes: z.record(z.string(), fieldChangeSchema).nullable(),
  /** Deletes: the row as it was. Imports: `{ imported }`. Grants and revokes: the permission record. */
  row: z.record(z.string(), z.unknown()).nullable(),
  /** The entry this change reverted. */
  reverts: z.string().nullable(),
  /**
   * True when the change was made while the campaign was in a channel the reader cannot read:
   * `changes` then names the fields without their values, and `row` is null (docs/adr/0028).
   */
  withheld: z.boolean().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const revertQuerySchema = z.strictObject({
  dry_run: z.enum(['1', 'true', '0', 'false'], { error: 'Must be 1 or 0' }).optional(),
});

export const revertResultSchema = z.object({
  /** What the revert wrote (or would write, on a dry run). */
  plan: z.object({ kind: z.enum(['update', 'recreate', 'delete']), patch: z.record(z.string(), z.unknown()).optional() }),
  /** The row afterwards (null after a delete, or on a dry run). */
  row: z.record(z.string(), z.unknown()).nullable(),
  /** The entry the revert wrote; null on a dry run. */
  entry_id: z.string().nullable(),
  dry_run: z.boolean(),
});
export type RevertResult = z.infer<typeof revertResultSchema>;
