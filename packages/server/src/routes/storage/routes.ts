import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { LIMITS, MESSAGES, can, idSchema } from '@cadence/core';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import { fieldError, forbidden, notFound, payloadTooLarge, unsupportedMediaType } from '../../errors';
import type { CadenceState, Ctx } from '../../http/authenticate';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { CONTENT_TYPES, sniffImage } from '../../storage/sniff';
import type { FileStorage } from '../../storage/storage';

const parseUpload = koaBody({
  multipart: true,
  json: false,
  text: false,
  urlencoded: false,
  formidable: { maxFileSize: LIMITS.imageUploadBytes, maxFiles: 1, maxFields: 10, allowEmptyFiles: false },
});

/** Multipart parsing whose size failure answers with the spec's message. */
const upload: Middleware<CadenceState> = async (ctx, next) => {
  try {
    await parseUpload(ctx as never, async () => {});
  } catch (err) {
    const e = err as { httpCode?: number; status?: number; code?: number; message?: string };
    if (e.httpCode === 413 || e.status === 413 || /maxFileSize|exceeded/i.test(e.message ?? '')) throw payloadTooLarge(MESSAGES.imageTooLarge);
    throw fieldError('file', e.message ?? 'The upload could not be read');
  }
  await next();
};

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file);
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function storageRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'post',
    path: '/api/storage/ad-type-examples',
    tag: 'Storage',
    access: 'user',
    status: 201,
    summary: 'Upload an ad type example image (multipart `file`, `publication_id`): PNG, JPEG, GIF or WebP by content, at most 5 MB',
    consumes: ['multipart/form-data'],
    response: z.object({ path: z.string(), public_url: z.string() }),
    middleware: [upload],
    handler: async ({ auth, ctx }) => {
      if (!can(auth.principal, 'create', 'industry')) throw forbidden('You may not upload ad type examples');
      const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
      const publicationId = Array.isArray(fields.publication_id) ? fields.publication_id[0] : fields.publication_id;
      if (!publicationId) throw fieldError('publication_id', 'Required');
      if (!idSchema.safeParse(publicationId).success || !(await s.db('industry_publications').where({ id: publicationId }).first('id'))) {
        throw notFound('Publication');
      }
      const file = ctx.request.files?.file;
      const one = Array.isArray(file) ? file[0] : file;
      if (!one) throw fieldError('file', 'Attach the image as the multipart field "file"');
      if (one.size > LIMITS.imageUploadBytes) throw payloadTooLarge(MESSAGES.imageTooLarge);
      const head = await readHead(one.filepath, 16);
      const image = sniffImage(head);
      if (!image) throw unsupportedMediaType('The image must be a PNG, JPEG, GIF or WebP file');
      const key = `ad-type-examples/${publicationId}/${Date.now()}-${Math.random().toString(36).slice(2, 8)}.${image.ext}`;
      // Streamed from the upload's temporary file: the store never needs the whole image in memory.
      await s.storage.put(key, createReadStream(one.filepath));
      return { path: key.slice('ad-type-examples/'.length), public_url: `${s.site.url}/storage/${key}` };
    },
  });
}

/** Public files under /storage/, with the type their content was sniffed as, never guessed by the browser. */
export function serveStorage(storage: FileStorage): Middleware<CadenceState> {
  return async (ctx: Ctx, next) => {
    if (!ctx.path.startsWith('/storage/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const key = decodeURIComponent(ctx.path.slice('/storage/'.length));
    const file = await storage.open(key);
    if (!file) {
      ctx.status = 404;
      ctx.body = { error: { code: 'not_found', message: 'File not found' } };
      return;
    }
    const ext = key.slice(key.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.type = CONTENT_TYPES[ext];
    ctx.length = file.size;
    ctx.body = file.stream;
  };
}
