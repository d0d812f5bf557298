import {
  can,
  importReportSchema,
  listQuerySchema,
  prospectiveBulkSchema,
  prospectiveCreateSchema,
  prospectiveSchema,
  prospectiveUpdateSchema,
} from '@cadence/core';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { pipeline } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { z } from 'zod';
import { recordChanges } from '../../data/changes';
import { createRow, deleteRow, getRow, listRows, page, updateRow } from '../../data/crud';
import { withIsoTimestamps } from '../../data/present';
import { importProspective, type CsvSource } from '../../data/prospective-import';
import { fieldError, forbidden, payloadTooLarge, unsupportedMediaType } from '../../errors';
import type { CadenceState, Ctx } from '../../http/authenticate';
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

const IMPORT_PATH = '/api/prospective-publications/import';

/**
 * The largest CSV an import takes (decompressed), whether text/csv or multipart: about 300,000
 * rows of a typical file. Larger than the other bodies' limit (LIMITS.csvBodyBytes) because the
 * import streams: the server never holds the upload as one string.
 */
export const IMPORT_BODY_BYTES = 64 * 1024 * 1024;

const tooLarge = () => payloadTooLarge(`A CSV import is limited to ${IMPORT_BODY_BYTES / 1024 / 1024} MiB`);

/** Requests whose body their route reads as a stream: the app's body parser leaves them alone. */
export const streamsItsOwnBody = (ctx: Context): boolean => ctx.method === 'POST' && ctx.path === IMPORT_PATH && !!ctx.is('text/*');

const multipart = koaBody({
  multipart: true,
  json: false,
  text: false,
  urlencoded: false,
  formidable: { maxFileSize: IMPORT_BODY_BYTES, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 },
});

/** Pieces of at most `limit` bytes in all, or a 413; a body that does not decompress is a 400. */
async function* limited(source: AsyncIterable<Buffer>, limit: number): AsyncIterable<Buffer> {
  let seen = 0;
  try {
    for await (const piece of source) {
      seen += piece.length;
      if (seen > limit) throw tooLarge();
      yield piece;
    }
  } catch (err) {
    if (/^Z_/.test(String((err as { code?: unknown }).code))) throw fieldError('body', 'The body does not decompress');
    throw err;
  }
}

/** Multipart uploads are written to temporary files by formidable: gone once the request is answered. */
const multipartWithCleanup: Middleware<CadenceState> = async (ctx, next) => {
  try {
    await multipart(ctx, next);
  } finally {
    const files = Object.values(ctx.request.files ?? {}).flat();
    await Promise.all(files.map((f) => rm(f.filepath, { force: true })));
  }
};

/** The CSV of a text/csv body (streamed; gzip or deflate undone) or of the multipart field `file`. */
function csvFrom(ctx: Ctx): CsvSource {
  if (typeof ctx.request.body === 'string') return ctx.request.body;
  const file = ctx.request.files?.file;
  const one = Array.isArray(file) ? file[0] : file;
  if (one) return createReadStream(one.filepath, { highWaterMark: 256 * 1024 });
  if (streamsItsOwnBody(ctx)) {
    if (Number(ctx.get('Content-Length') || 0) > IMPORT_BODY_BYTES) throw tooLarge();
    const encoding = (ctx.get('Content-Encoding') || 'identity').toLowerCase();
    if (encoding === 'identity') return limited(ctx.req, IMPORT_BODY_BYTES);
    if (encoding === 'gzip' || encoding === 'deflate') {
      const inflate = encoding === 'gzip' ? createGunzip() : createInflate();
      pipeline(ctx.req, inflate, () => {}); // an aborted upload ends the inflated stream with its error
      return limited(inflate, IMPORT_BODY_BYTES);
    }
    throw unsupportedMediaType(`Content-Encoding ${encoding} is not supported; send gzip, deflate or none`);
  }
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
      if (!can(auth.principal, 'create', 'industry')) throw forbidden('You may not add prospective publications');
      const body = (ctx.request.body === undefined ? {} : ctx.request.body) as Record<string, unknown>;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw fieldError('body', 'The request body must be a JSON object: one prospective publication, or {"rows": [...]}');
      }
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
    summary:
      'Bulk upload from CSV (spec §5): header + rows, columns by position; dry_run and skip_existing; ' +
      `up to ${IMPORT_BODY_BYTES / 1024 / 1024} MiB, streamed`,
    consumes: ['text/csv', 'multipart/form-data'],
    query: importQuerySchema, response: importReportSchema,
    middleware: [multipartWithCleanup],
    handler: async ({ auth, query, ctx }) => {
      if (!can(auth.principal, 'create', 'industry')) throw forbidden('You may not import prospective publications');
      return importProspective(s, auth.principal, csvFrom(ctx), { dryRun: query.dry_run, skipExisting: query.skip_existing });
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
