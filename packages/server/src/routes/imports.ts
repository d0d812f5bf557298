import { csvRecordBatches, IMPORT_KINDS, type CsvRecord, type ImportKind, type Principal } from '@cadence/core';
import { importReportSchema } from '@cadence/core/schemas';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import { runImport, type ImportTarget, type RecordSource } from '../data/imports/pipeline';
import { XLSX_TYPE, xlsxRecords } from '../data/imports/xlsx';
import { fieldError, forbidden, payloadTooLarge, unsupportedMediaType } from '../errors';
import type { CadenceState, Ctx } from '../http/authenticate';
import type { RouteTable } from '../http/route';
import type { Services } from '../services';

/**
 * The one import route of every kind (docs/adr/0016): `POST /api/{kind}/import` with the file
 * as its body — CSV (text/csv, streamed, gzip or deflate allowed) or .xlsx — or as the multipart
 * field `file`; dry_run and skip_existing; all or nothing; the report by line.
 */

/** Content types an import route takes. */
export const IMPORT_CONSUMES = ['text/csv', XLSX_TYPE, 'multipart/form-data'];

/**
 * The largest file an import takes (decompressed), however it is sent: about 300,000 rows of a
 * typical CSV. Larger than the other bodies' limit (LIMITS.csvBodyBytes) because an import
 * streams: the server never holds a CSV upload as one string.
 */
export const IMPORT_BODY_BYTES = 64 * 1024 * 1024;

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'Use 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');
export const importQuerySchema = z.strictObject({ dry_run: flag, skip_existing: flag });

const IMPORT_PATH = new RegExp(`^/api/(${IMPORT_KINDS.join('|')})/import$`);

/** Requests whose body their route reads as a stream: the app's body parser leaves them alone. */
export const streamsItsOwnBody = (ctx: Context): boolean =>
  ctx.method === 'POST' && IMPORT_PATH.test(ctx.path) && !!ctx.is('text/*', XLSX_TYPE);

const tooLarge = () => payloadTooLarge(`An import is limited to ${IMPORT_BODY_BYTES / 1024 / 1024} MiB`);

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

/** The request body as it arrives (gzip or deflate undone), within the import's limit. */
function bodyStream(ctx: Ctx): AsyncIterable<Buffer> {
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

async function* once(records: Promise<CsvRecord[]>): AsyncIterable<CsvRecord[]> {
  yield await records;
}

const isXlsx = (type: string | null | undefined, name: string | null | undefined) =>
  type === XLSX_TYPE || /\.xlsx$/i.test(name ?? '');

/** The file's records, batch by batch: a streamed body, or the multipart field `file`. */
export function recordsFrom(ctx: Ctx): RecordSource {
  const file = ctx.request.files?.file;
  const one = Array.isArray(file) ? file[0] : file;
  if (one) {
    if (isXlsx(one.mimetype, one.originalFilename)) return once(xlsxRecords(createReadStream(one.filepath)));
    return csvRecordBatches(createReadStream(one.filepath, { highWaterMark: 256 * 1024 }));
  }
  if (ctx.is(XLSX_TYPE)) return once(xlsxRecords(Readable.from(bodyStream(ctx))));
  if (ctx.is('text/*')) return csvRecordBatches(bodyStream(ctx));
  if (ctx.is('multipart/form-data')) throw fieldError('file', 'Send the file as the multipart field "file"');
  throw unsupportedMediaType(`Send the file as ${IMPORT_CONSUMES.join(', ')}`);
}

const multipart = koaBody({
  multipart: true,
  json: false,
  text: false,
  urlencoded: false,
  formidable: { maxFileSize: IMPORT_BODY_BYTES, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 },
});

/** Multipart uploads are written to temporary files by formidable: gone once the request is answered. */
const multipartWithCleanup: Middleware<CadenceState> = async (ctx, next) => {
  try {
    await multipart(ctx, next);
  } finally {
    const files = Object.values(ctx.request.files ?? {}).flat();
    await Promise.all(files.map((f) => rm(f.filepath, { force: true })));
  }
};

export interface ImportRouteOptions<Row> {
  kind: ImportKind;
  tag: string;
  /** Who may import this kind at all (a row's own rule, if any, is the target's `allow`). */
  allowed: (p: Principal) => boolean;
  target: ImportTarget<Row>;
  /** What the import takes, for the route's summary. */
  describe: string;
}

export function importRoute<Row>(s: Services, t: RouteTable, o: ImportRouteOptions<Row>): void {
  t.add({
    method: 'post', path: `/api/${o.kind}/import`, tag: o.tag, access: 'user',
    summary:
      `Import ${o.target.spec.label} from a CSV or .xlsx file (${o.describe}), all or nothing; dry_run and skip_existing ` +
      `(same ${o.target.spec.identity.label}); up to ${IMPORT_BODY_BYTES / 1024 / 1024} MiB, streamed; the report names lines`,
    consumes: IMPORT_CONSUMES,
    query: importQuerySchema, response: importReportSchema,
    // Checked before a multipart body is read: a caller who may not import never has the file written to disk.
    permit: (auth) => {
      if (!o.allowed(auth.principal)) throw forbidden(`You may not import ${o.target.spec.label}`);
    },
    middleware: [multipartWithCleanup],
    handler: async ({ auth, query, ctx }) => {
      const { report } = await runImport(s, auth.principal, o.target, recordsFrom(ctx), { dryRun: query.dry_run, skipExisting: query.skip_existing });
      return report;
    },
  });
}
