import {
  closedDayCreateSchema,
  closedDaySchema,
  closedDaysImportSchema,
  workingCalendarQuerySchema,
  workingCalendarSchema,
  workingWeekSchema,
} from '@cadence/core/schemas';
import { can, isYmd } from '@cadence/core';
import { z } from 'zod';
import { alreadyExists, forbidden, notFound } from '../../errors';
import { recordMark } from '../../data/changes';
import { recordHistory } from '../../history/record';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { closedDaysFromIcs } from '../../working-calendar/ics';
import { loadClosedDays, loadWorkingCalendarData } from '../../working-calendar/load';

const TAG = 'Working calendar';
const BASE = '/api/working-calendar';
const DAY = { pattern: /^\d{4}-\d{2}-\d{2}$/, description: 'A date, YYYY-MM-DD' };

/** The .ics file's text, as the Settings page and the CLI read it from the chosen file. */
const icsImportBodySchema = z.strictObject({
  ics: z.string({ error: 'Must be the text of an .ics file' }).min(1, { error: 'The file is empty' }).max(2_000_000, { error: 'An .ics file is limited to 2 MB' }),
  kind: closedDayCreateSchema.shape.kind,
});

/**
 * The working calendar (docs/adr/0052-working-calendar.md): read by every signed-in principal,
 * keys included (dashboards shade closed days, clients preview a re-plan); written by admins.
 */
export function workingCalendarRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: BASE, tag: TAG, access: 'user',
    summary: 'The weekend (Monday-first weekday numbers) and the closed days, by day; from/to limit the days to a window',
    query: workingCalendarQuerySchema, response: workingCalendarSchema,
    handler: ({ query, auth }) => {
      if (!can(auth.principal, 'read', 'working_calendar')) throw forbidden('You may not read the working calendar');
      return loadWorkingCalendarData(s.db, query);
    },
  });

  t.add({
    method: 'put', path: `${BASE}/weekend`, tag: TAG, access: 'admin',
    summary: 'Set the weekend: the weekday numbers nobody works (0 = Monday … 6 = Sunday)',
    body: workingWeekSchema, response: workingCalendarSchema,
    handler: async ({ body, auth }) =>
      s.db.transaction(async (trx) => {
        const before = (await trx('working_week').where({ id: 1 }).forUpdate().first('weekend'))?.weekend as number[] | undefined;
        await trx('working_week').where({ id: 1 }).update({ weekend: body.weekend, updated_by: auth.principal.userId, updated_at: trx.fn.now() });
        // An entry even when nothing changed, as a row's update that changes nothing is one.
        await recordHistory(trx, { resource: 'working-calendar', rowId: 'weekend', action: 'update', changes: { weekend: { before: (before ?? []).map(Number), after: body.weekend } } });
        await recordMark(trx, 'working_calendar', 'update', 'weekend', { weekend: body.weekend });
        return loadWorkingCalendarData(trx);
      }),
  });

  t.add({
    method: 'post', path: `${BASE}/closed-days`, tag: TAG, access: 'admin', status: 201,
    summary: 'Close a day (a public holiday or a blackout date) with its label; 409 if it is closed already',
    body: closedDayCreateSchema, response: closedDaySchema,
    handler: async ({ body, auth }) =>
      s.db.transaction(async (trx) => {
        const inserted = await trx('closed_days')
          .insert({ day: body.day, label: body.label, kind: body.kind, source: 'manual', created_by: auth.principal.userId })
          .onConflict('day')
          .ignore()
          .returning('day');
        if (inserted.length === 0) throw alreadyExists(`${body.day} is closed already`);
        const row = (await loadClosedDays(trx, { from: body.day, to: body.day }))[0]!;
        await recordHistory(trx, { resource: 'working-calendar', rowId: row.day, action: 'create', row: { ...row } });
        await recordMark(trx, 'working_calendar', 'insert', row.day, row);
        return row;
      }),
  });

  t.add({
    method: 'delete', path: `${BASE}/closed-days/:day`, tag: TAG, access: 'admin', status: 204, params: { day: DAY },
    summary: 'Open a closed day again',
    handler: async ({ params }) => {
      if (!isYmd(params.day)) throw notFound('Closed day');
      await s.db.transaction(async (trx) => {
        const [row] = await loadClosedDays(trx, { from: params.day, to: params.day });
        if (!row) throw notFound('Closed day');
        await trx('closed_days').where({ day: params.day }).delete();
        await recordHistory(trx, { resource: 'working-calendar', rowId: row.day, action: 'delete', row: { ...row } });
        await recordMark(trx, 'working_calendar', 'delete', row.day, row);
      });
    },
  });

  t.add({
    method: 'post', path: `${BASE}/import`, tag: TAG, access: 'admin',
    summary:
      "Close the days of an .ics file's all-day events (multi-day and recurring events close each day); days closed already stay as they are, " +
      'so a re-import adds nothing twice; a file that is not iCalendar is a 400 on ics and saves nothing',
    body: icsImportBodySchema, response: closedDaysImportSchema.extend({ skipped: z.array(z.object({ summary: z.string(), reason: z.string() })) }),
    handler: async ({ body, auth }) => {
      const { days, skipped } = closedDaysFromIcs(body.ics);
      return s.db.transaction(async (trx) => {
        const added: string[] = [];
        for (let i = 0; i < days.length; i += 500) {
          const rows = days.slice(i, i + 500).map((d) => ({ day: d.day, label: d.label, kind: body.kind, source: 'ics', created_by: auth.principal.userId }));
          const got = await trx('closed_days').insert(rows).onConflict('day').ignore().returning(trx.raw('day::text AS day'));
          added.push(...got.map((r: { day: string }) => r.day));
        }
        const addedSet = new Set(added);
        if (added.length) {
          await recordHistory(trx, { resource: 'working-calendar', rowId: null, action: 'import', row: { added: added.length, days: added.slice(0, 1000) } });
          // A year of holidays is one refetch for each open calendar, not a frame per day.
          await recordMark(trx, 'working_calendar', 'resync', 'working_calendar', { added: added.length });
        }
        const rows = days.length ? await loadClosedDays(trx, { from: days[0]!.day, to: days[days.length - 1]!.day }) : [];
        return {
          added: rows.filter((r) => addedSet.has(r.day)),
          already_closed: days.map((d) => d.day).filter((d) => !addedSet.has(d)),
          skipped,
        };
      });
    },
  });
}
