import { can, recordsOfRows, type ProspectiveValue } from '@cadence/core';
import {
  listQuerySchema,
  PROSPECTIVE_IMPORT,
  prospectiveBulkSchema,
  prospectiveCreateSchema,
  prospectiveSchema,
  prospectiveUpdateSchema,
} from '@cadence/core/schemas';
import { z } from 'zod';
import { createRow, deleteRow, getRow, listRows, page, updateRow } from '../../data/crud';
import { runImport, type ImportTarget } from '../../data/imports/pipeline';
import { fieldError, forbidden } from '../../errors';
import type { RouteTable } from '../../http/route';
import { parseOrThrow } from '../../http/zod-errors';
import type { Services } from '../../services';
import { importRoute } from '../imports';
import { prospective } from './resources';

const TAG = 'Industry publications';

/** The lands of docs/product.md#bulk-upload with COPY: the table's own rows, presented as stored (docs/adr/0016). */
const PROSPECTIVE_TARGET: ImportTarget<ProspectiveValue> = {
  spec: PROSPECTIVE_IMPORT,
  table: 'prospective_publications',
  topic: 'prospective_publications',
  existingKeysSql: 'SELECT lower(name) AS k FROM prospective_publications',
  load: {
    kind: 'copy',
    columns: ['id', 'name', 'region', 'industry', 'audience', 'website', 'media_kit_link', 'contacts', 'notes', 'created_by'],
    values: (row, id, p) => [id, row.name, row.region, row.industry, row.audience, row.website, row.media_kit_link, row.contacts, row.notes, p.userId],
  },
};

export function prospectiveRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: '/api/prospective-publications', tag: TAG, access: 'user', summary: 'Prospective publications by name',
    query: listQuerySchema, response: z.array(prospectiveSchema),
    handler: ({ auth, query }) =>
      listRows(prospective, auth.principal, page(prospective.select(s.db).orderBy([{ column: 'name' }, { column: 'id' }]), query)),
  });
  t.add({
    method: 'get', path: '/api/prospective-publications/:id', tag: TAG, access: 'user', summary: 'One prospective publication',
    response: prospectiveSchema,
    handler: ({ auth, params }) => getRow(s, prospective, auth.principal, params.id!),
  });
  t.add({
    method: 'post', path: '/api/prospective-publications', tag: TAG, access: 'user', status: 201,
    summary: 'Add one prospective publication, or many at once as {rows: […]} (all or nothing)',
    bodyDoc: z.union([prospectiveCreateSchema, prospectiveBulkSchema]),
    response: z.union([prospectiveSchema, z.array(prospectiveSchema)]),
    handler: async ({ auth, ctx }) => {
      if (!can(auth.principal, 'create', 'industry')) throw forbidden('You may not add prospective publications');
      const body = (ctx.request.body === undefined ? {} : ctx.request.body) as Record<string, unknown>;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw fieldError('body', 'The request body must be a JSON object: one prospective publication, or {"rows": [...]}');
      }
      if (!('rows' in body)) {
        const row = parseOrThrow(prospectiveCreateSchema, body);
        return createRow(s, prospective, { ...row, created_by: auth.principal.userId });
      }
      // Many rows are an import like a file's (one pipeline, COPY and all), answered with the rows saved.
      const { rows } = parseOrThrow(prospectiveBulkSchema, body);
      const records = recordsOfRows(PROSPECTIVE_IMPORT.columns, rows);
      const { ids } = await runImport(s, auth.principal, PROSPECTIVE_TARGET, [records], { dryRun: false, skipExisting: false });
      if (!ids) return [];
      const saved = await prospective.select(s.db).whereBetween('id', [ids.first, ids.last]).orderBy([{ column: 'name' }, { column: 'id' }]);
      return saved.map((raw: Parameters<typeof prospective.present>[0]) => prospective.present(raw));
    },
  });
  importRoute(s, t, {
    kind: 'prospective-publications', tag: TAG, target: PROSPECTIVE_TARGET, allowed: (p) => can(p, 'create', 'industry'),
    describe: 'docs/product.md#validation-prospective: a header, then rows with the columns by position',
  });
  t.add({
    method: 'patch', path: '/api/prospective-publications/:id', tag: TAG, access: 'user',
    summary: 'Edit a prospective publication', body: prospectiveUpdateSchema, response: prospectiveSchema,
    handler: ({ auth, params, body, ifMatch }) => updateRow(s, prospective, auth.principal, params.id!, body, { ifMatch }),
  });
  t.add({
    method: 'delete', path: '/api/prospective-publications/:id', tag: TAG, access: 'user', status: 204,
    summary: 'Delete a prospective publication',
    handler: ({ auth, params, ifMatch }) => deleteRow(s, prospective, auth.principal, params.id!, { ifMatch }),
  });
}
