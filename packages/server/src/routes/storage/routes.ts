import { once } from 'node:events';
import { createReadStream, createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { lstat, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIMITS, MESSAGES, can } from '@cadence/core';
import { idSchema } from '@cadence/core/schemas';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import { fieldError, forbidden, notFound, payloadTooLarge, unsupportedMediaType } from '../../errors';
import type { CadenceState, Ctx } from '../../http/authenticate';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { CONTENT_TYPES, sniffImage } from '../../storage/sniff';
import type { FileStorage } from '../../storage/storage';

/**
 * Where formidable writes uploads while a request is handled: a folder of this process's own
 * (made by mkdtemp under the OS temp folder, mode 700), never the shared temp folder itself.
 * Each request deletes what it wrote before it is answered, so the folder stays empty between
 * requests; it is removed when the process exits, and made again should a temp-folder cleaner
 * remove it (one that is no longer this user's alone is left alone).
 */
let uploadDirMade: Promise<string> | undefined;
const uploadDirs: string[] = [];
let removeOnExit = false;

async function ownedByUsAlone(dir: string): Promise<boolean> {
  const st = await lstat(dir).catch(() => null);
  if (!st?.isDirectory()) return false;
  return process.getuid === undefined || (st.uid === process.getuid() && (st.mode & 0o077) === 0);
}

export async function uploadDir(): Promise<string> {
  const made = uploadDirMade;
  const dir = made && (await made.catch(() => undefined));
  if (dir && (await ownedByUsAlone(dir))) return dir;
  if (uploadDirMade === made) {
    if (!removeOnExit) process.once('exit', () => uploadDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
    removeOnExit = true;
    uploadDirMade = mkdtemp(path.join(tmpdir(), `cadence-uploads-${process.pid}-`)).then((d) => {
      uploadDirs.push(d);
      return d;
    });
  }
  return uploadDirMade!;
}

/**
 * Multipart parsing into the upload folder, whose size failure answers with the spec's message.
 * Every file formidable starts writing (also one cut short by a failed parse) is deleted once
 * the request is handled, whatever the answer.
 */
const upload: Middleware<CadenceState> = async (ctx, next) => {
  const written: WriteStream[] = [];
  const parse = koaBody({
    multipart: true,
    json: false,
    text: false,
    urlencoded: false,
    formidable: {
      uploadDir: await uploadDir(),
      maxFileSize: LIMITS.imageUploadBytes,
      maxFiles: 1,
      maxFields: 10,
      allowEmptyFiles: false,
      // Our own stream, so that each file is known (and deleted) even when the parse fails,
      // and is readable by this user alone.
      fileWriteStreamHandler: (file) => {
        // Formidable sets the path it chose under uploadDir (its VolatileFile type leaves it out).
        const { filepath } = file as unknown as { filepath: string };
        const stream = createWriteStream(filepath, { flags: 'wx', mode: 0o600 });
        written.push(stream);
        return stream;
      },
    },
  });
  try {
    try {
      await parse(ctx as never, async () => {});
    } catch (err) {
      const e = err as { httpCode?: number; status?: number; code?: number; message?: string };
      if (e.httpCode === 413 || e.status === 413 || /maxFileSize|exceeded/i.test(e.message ?? '')) throw payloadTooLarge(MESSAGES.imageTooLarge);
      throw fieldError('file', e.message ?? 'The upload could not be read');
    }
    await next();
  } finally {
    const paths = new Set(Object.values(ctx.request.files ?? {}).flat().map((f) => f.filepath));
    await Promise.all(
      written.map(async (stream) => {
        paths.add(String(stream.path));
        // A stream still opening or writing (a failed parse) is closed first, so the file cannot appear after it is removed.
        if (!stream.closed) {
          const closed = once(stream, 'close').catch(() => {});
          if (!stream.writableFinished) stream.destroy();
          await closed;
        }
      }),
    );
    await Promise.all([...paths].map((p) => rm(p, { force: true })));
  }
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
    // Checked before the body is read: a caller who may not upload never has it written to disk.
    permit: (auth) => {
      if (!can(auth.principal, 'create', 'industry')) throw forbidden('You may not upload ad type examples');
    },
    middleware: [upload],
    handler: async ({ ctx }) => {
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
