import { can, recordsOfRows, type ProspectiveValue } from '@cadence/core';
import { listQuerySchema, prospectiveBulkSchema, prospectiveCreateSchema, prospectiveSchema, prospectiveUpdateSchema } from '@cadence/core/schemas';
import { createProspectiveRows, PROSPECTIVE_TARGET } from '../../commands/prospective-rows';
import { prospective } from '../../data/resources/industry';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { importRoute } from '../imports';
import { byCaller, standardRoutes } from '../standard-routes';

const TAG = 'Industry publications';

export function prospectiveRoutes(s: Services, t: RouteTable): void {
  standardRoutes(s, t, {
    base: '/api/prospective-publications',
    tag: TAG,
    noun: 'prospective publication',
    resource: prospective,
    row: prospectiveSchema,
    list: { summary: 'Prospective publications by name', query: listQuerySchema, orderBy: [{ column: 'name' }, { column: 'id' }] },
    create: {
      summary: 'Add one prospective publication, or many at once as {rows: […]} (all or nothing)',
      body: prospectiveCreateSchema,
      values: byCaller,
      many: { body: prospectiveBulkSchema, write: (p, rows) => createProspectiveRows(s, p, rows) },
    },
    update: { summary: 'Edit a prospective publication', body: prospectiveUpdateSchema },
    remove: { summary: 'Delete a prospective publication' },
  });
  importRoute(s, t, {
    kind: 'prospective-publications', tag: TAG, target: PROSPECTIVE_TARGET, allowed: (p) => can(p, 'create', 'industry'),
    describe: 'docs/product.md#validation-prospective: a header, then rows with the columns by position',
  });
}
