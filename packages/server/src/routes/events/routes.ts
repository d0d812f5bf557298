import { can, type EventImportRow, type CadenceEvent } from '@cadence/core';
import { eventCreateSchema, EVENT_IMPORT, eventSchema, eventUpdateSchema, listQuerySchema } from '@cadence/core/schemas';
import { z } from 'zod';
import { insertAndLog } from '../../data/bulk-insert';
import type { ImportTarget } from '../../data/imports/pipeline';
import { importRoute } from '../imports';
import { events } from '../../data/resources/events';
import { fieldError, forbidden } from '../../errors';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { byCaller, standardRoutes } from '../standard-routes';

const TAG = 'Events';

const EVENT_TARGET: ImportTarget<EventImportRow> = {
  spec: EVENT_IMPORT,
  table: 'events',
  topic: events.entity,
  existingKeysSql: "SELECT lower(name) || '|' || start_date::text AS k FROM events",
  load: {
    kind: 'insert',
    maxRows: 20_000,
    values: (row, p) => ({ ...row, created_by: p.userId }),
    insert: (trx, rows) => insertAndLog(trx, events, rows),
  },
};

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
      values: byCaller,
    },
    update: {
      summary: 'Edit an event',
      body: eventUpdateSchema,
      patch: (body, before) => {
        const after = { ...before, ...body } as CadenceEvent;
        if (after.vertical.includes('other') && !after.vertical_other) throw fieldError('vertical_other', 'Describe the other vertical');
        return body;
      },
    },
    remove: { summary: 'Delete an event' },
  });
  importRoute(s, t, { kind: 'events', tag: TAG, target: EVENT_TARGET, allowed: (p) => can(p, 'create', 'event'), describe: 'columns named by the header' });
}
