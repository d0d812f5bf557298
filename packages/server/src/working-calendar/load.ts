import { workingCalendar, type ClosedDay, type Weekday, type WorkingCalendar, type WorkingCalendarData, type Ymd } from '@cadence/core';
import type { Knex } from 'knex';
import { iso } from '../data/present';

/** A window of days to read closed days for; both ends included, either open. */
export interface DayRange {
  from?: Ymd | undefined;
  to?: Ymd | undefined;
}

const ymdOf = (v: unknown): Ymd => (typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));

/** The install's weekend, Monday-first (Saturday and Sunday until an admin says otherwise). */
export async function loadWeekend(db: Knex): Promise<Weekday[]> {
  const row = await db('working_week').where({ id: 1 }).first('weekend');
  return ((row?.weekend as number[] | undefined) ?? [5, 6]).map(Number) as Weekday[];
}

/** The closed days in `range`, by day, as the API presents them. */
export async function loadClosedDays(db: Knex, range: DayRange = {}): Promise<ClosedDay[]> {
  const q = db('closed_days').select(db.raw('day::text AS day'), 'label', 'kind', 'source', 'created_by', 'created_at').orderBy('day');
  if (range.from) q.where('day', '>=', range.from);
  if (range.to) q.where('day', '<=', range.to);
  const rows = await q;
  return rows.map((r: Record<string, unknown>) => ({
    day: ymdOf(r.day),
    label: String(r.label),
    kind: r.kind as ClosedDay['kind'],
    source: r.source as ClosedDay['source'],
    created_by: (r.created_by as string | null) ?? null,
    created_at: iso(r.created_at as Date | string)!,
  }));
}

/** What GET /api/working-calendar answers. */
export async function loadWorkingCalendarData(db: Knex, range: DayRange = {}): Promise<WorkingCalendarData> {
  const [weekend, closed_days] = await Promise.all([loadWeekend(db), loadClosedDays(db, range)]);
  return { weekend, closed_days };
}

/**
 * The install's working calendar (its weekend and closed days), as template offsets and
 * re-planning count working days with it (docs/adr/0052-working-calendar.md). `range` limits the
 * closed days read to a window (a re-plan's span); left out, every closed day.
 */
export async function loadWorkingCalendar(db: Knex, range: DayRange = {}): Promise<WorkingCalendar> {
  const [weekend, closed] = await Promise.all([loadWeekend(db), loadClosedDays(db, range)]);
  return workingCalendar(
    closed.map((c) => c.day),
    weekend,
  );
}
