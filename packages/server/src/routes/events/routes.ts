import {
  can,
  eventCreateSchema,
  eventSchema,
  eventUpdateSchema,
  listQuerySchema,
  type CadenceEvent,
} from '@cadence/core';
import { z } from 'zod';
import { bulkInsert } from '../../data/bulk-insert';
import { bulkReportSchema, importQuerySchema } from '../industry/prospective';
import type { Resource } from '../../data/crud';
import { withIsoTimestamps } from '../../data/present';
import { fieldError, forbidden } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { standardRoutes } from '../standard-routes';

export const events: Resource<CadenceEvent & { created_at: Date; updated_at: Date }, CadenceEvent> = {
  table: 'events',
  topic: 'events',
  label: 'Event',
  select: (db) => db('events').select('events.*'),
  selectIsTable: true,
  present: (raw) => withIsoTimestamps(raw) as CadenceEvent,
  policy: 'event',
};

const TAG = 'Events';

export function eventRoutes(s: Services, t: RouteTable): void {
  standardRoutes(s, t, {
    base: '/api/events',
    tag: TAG,
    noun: 'event',
    resource: events,
    row: eventSchema,
    list: { summary: 'Events by start date', query: listQuerySchema, orderBy: [{ column: 'start_date' }, { column: 'id' }] },
    create: {
      summary: "Add an event: name, a vertical, an audience, start and end date and a type required; 'other' needs its text",
      body: eventCreateSchema,
    },
    update: {
      summary: 'Edit an event',
      body: eventUpdateSchema,
      patch: (body) => (before) => {
        const after = { ...before, ...body } as CadenceEvent;
        if (after.vertical.includes('other') && !after.vertical_other) throw fieldError('vertical_other', 'Describe the other vertical');
        return body;
      },
    },
    remove: { summary: 'Delete an event' },
  });
  t.add({
    method: 'post', path: '/api/events/bulk', tag: TAG, access: 'user',
    summary: 'Create many events at once, all or nothing (the CLI import); dry_run and skip_existing (same name and start date)',
    query: importQuerySchema,
    body: z.strictObject({ rows: z.array(eventCreateSchema).min(1).max(20_000) }),
    response: bulkReportSchema,
    handler: ({ auth, body, query }) => {
      if (!can(auth.principal, 'create', 'event')) throw forbidden('You may not add events');
      return bulkInsert(s, events, body.rows.map((row) => ({ ...row, created_by: auth.principal.userId })), {
        dryRun: query.dry_run,
        skipExisting: query.skip_existing,
        identity: { sql: "lower(name) || '|' || start_date::text", of: (r) => `${String(r.name).toLowerCase()}|${r.start_date}`, label: 'name and start date' },
      });
    },
  });
}
