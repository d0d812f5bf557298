import type { Knex } from 'knex';

/**
 * The working calendar (docs/adr/0052-working-calendar.md): the days nobody works beyond the
 * weekend (`closed_days`, one row a day, date-only) and the weekend itself (`working_week`, one
 * row). Template offsets and re-planning count working days with them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE closed_days (
    day date PRIMARY KEY,
    label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 200),
    kind text NOT NULL DEFAULT 'holiday' CHECK (kind IN ('holiday', 'blackout')),
    source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'ics')),
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  // Monday-first weekdays, 0 = Monday … 6 = Sunday, as core's WorkingCalendar.
  await knex.raw(`CREATE TABLE working_week (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    weekend smallint[] NOT NULL DEFAULT '{5,6}',
    updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw('INSERT INTO working_week (id) VALUES (1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS working_week');
  await knex.raw('DROP TABLE IF EXISTS closed_days');
}
