import {
  LIMITS,
  canWriteIndustry,
  importReportSchema,
  listQuerySchema,
  prospectiveBulkSchema,
  prospectiveCreateSchema,
  prospectiveSchema,
  prospectiveUpdateSchema,
} from '@cadence/core';
import { readFile } from 'node:fs/promises';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import { recordChanges } from '../../data/changes';
import { createRow, deleteRow, getRow, listRows, page, updateRow } from '../../data/crud';
import { withIsoTimestamps } from '../../data/present';
import { importProspective } from '../../data/prospective-import';
import { fieldError, forbidden } from '../../errors';
import type { Ctx } from '../../http/authenticate';
import type { RouteTable } from '../../http/route';
import { parseOrThrow } from '../../http/zod-errors';
import type { Services } from '../../services';
import { prospective } from './resources';

const TAG = 'Industry publications';

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'Use 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');
export const importQuerySchema = z.strictObject({ dry_run: flag, skip_existing: flag });
export const bulkReportSchema = z.object({
  imported: z.number().int(),
  skipped: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});

const multipart = koaBody({
  multipart: true,
  json: false,
  text: false,
  urlencoded: false,
  formidable: { maxFileSize: LIMITS.csvBodyBytes, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 },
});

/** The CSV text from a text/csv body or the multipart field `file`. */
async function csvFrom(ctx: Ctx): Promise<string> {
  if (typeof ctx.request.body === 'string') return ctx.request.body;
  const file = ctx.request.files?.file;
  const one = Array.isArray(file) ? file[0] : file;
  if (one) return readFile(one.filepath, 'utf8');
  throw fieldError('file', 'Send the CSV as text/csv or as the multipart field "file"');
}

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
      if (!canWriteIndustry(auth.principal)) throw forbidden('You may not add prospective publications');
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      if (!('rows' in body)) {
        const row = parseOrThrow(prospectiveCreateSchema, body);
        return createRow(s, prospective, { ...row, created_by: auth.principal.userId });
      }
      const { rows } = parseOrThrow(prospectiveBulkSchema, body);
      return s.db.transaction(async (trx) => {
        const inserted = await trx('prospective_publications')
          .insert(rows.map((r) => ({ ...r, created_by: auth.principal.userId })))
          .returning('*');
        const presented = inserted.map((raw) => prospective.present(withIsoTimestamps(raw)));
        await recordChanges(trx, 'prospective_publications', 'insert', presented.map((row) => ({ id: row.id, row })));
        return presented.sort((a, b) => a.name.localeCompare(b.name));
      });
    },
  });
  t.add({
    method: 'post', path: '/api/prospective-publications/import', tag: TAG, access: 'user',
    summary: 'Bulk upload from CSV (spec §5): header + rows, columns by position; dry_run and skip_existing',
    consumes: ['text/csv', 'multipart/form-data'],
    query: importQuerySchema, response: importReportSchema,
    middleware: [multipart],
    handler: async ({ auth, query, ctx }) => {
      if (!canWriteIndustry(auth.principal)) throw forbidden('You may not import prospective publications');
      return importProspective(s, auth.principal, await csvFrom(ctx), { dryRun: query.dry_run, skipExisting: query.skip_existing });
    },
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
