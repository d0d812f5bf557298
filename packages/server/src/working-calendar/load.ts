import { STANDARD_CALENDAR, type WorkingCalendar } from '@cadence/core';
import type { Knex } from 'knex';

/**
 * The install's working calendar (its weekend and closed days), as template offsets and
 * re-planning count working days with it. Until admins can keep closed days it is the standard
 * Monday-to-Friday week.
 */
export async function loadWorkingCalendar(_db: Knex): Promise<WorkingCalendar> {
  return STANDARD_CALENDAR;
}
