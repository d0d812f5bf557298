import type { Middleware } from 'koa';
import { z } from 'zod';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { fromZodError } from './zod-errors';

// PostgreSQL error classes that mean "the database is not there right now".
const UNAVAILABLE_PG_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return fromZodError(err);
  const e = err as { status?: number; expose?: boolean; type?: string; code?: string; message?: string; name?: string };
  if (e?.code && (UNAVAILABLE_PG_CODES.has(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))) {
    return new AppError(503, 'unavailable', 'The database is unavailable. Try again shortly.');
  }
  // Text PostgreSQL cannot store (a NUL character, invalid encoding) is the client's mistake.
  if (e?.code === '22P05' || e?.code === '22021') {
    return new AppError(400, 'validation_failed', 'Text contains characters that cannot be stored (such as NUL)', [
      { path: 'body', message: 'Contains a NUL or invalid character' },
    ]);
  }
  // Safety nets behind the schemas: any other data exception or constraint refusal is a bad request.
  if (typeof e?.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(e.code)) {
    if (e.code === '23505') return new AppError(409, 'already_exists', 'This already exists');
    return new AppError(400, 'validation_failed', 'The database refused this value', [{ path: 'body', message: 'Refused by the database' }]);
  }
  if (e?.name === 'KnexTimeoutError') return new AppError(503, 'unavailable', 'The server is busy. Try again shortly.');
  // A multipart body that does not parse (formidable reports its status as httpCode).
  if (e?.name === 'FormidableError' || (err as { httpCode?: unknown })?.httpCode !== undefined) {
    const status = Number((err as { httpCode?: unknown }).httpCode);
    if (status === 413) return new AppError(413, 'payload_too_large', 'Request body is too large');
    return new AppError(400, 'validation_failed', `The multipart body could not be read: ${e.message ?? 'malformed'}`, [
      { path: 'body', message: 'Not a readable multipart/form-data body' },
    ]);
  }
  // Errors raised by body parsing (raw-body / co-body) carry a 4xx status.
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    if (e.status === 413) return new AppError(413, 'payload_too_large', 'Request body is too large');
    if (e.status === 415) return new AppError(415, 'unsupported_media_type', e.message ?? 'Unsupported media type');
    if (e.type === 'entity.parse.failed' || e.status === 400) {
      return new AppError(400, 'validation_failed', 'Request body is not valid JSON', [{ path: 'body', message: 'Not valid JSON' }]);
    }
    return new AppError(e.status, e.status === 404 ? 'not_found' : e.status === 405 ? 'method_not_allowed' : 'validation_failed', e.expose && e.message ? e.message : 'Bad request');
  }
  return null;
}

/** The single place errors become responses: `{error: {code, message, details?}}`, never a stack trace. */
export function onerror(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined && ctx.path.startsWith('/api')) {
        if (ctx.status === 404) throw new AppError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`);
        // @koa/router's allowedMethods answers 405/501 with an Allow header and no body.
        if (ctx.status === 405 || ctx.status === 501) {
          const allow = ctx.response.get('Allow');
          throw new AppError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}${allow ? `; use ${allow}` : ''}`);
        }
      }
    } catch (err) {
      let appError = toAppError(err);
      if (!appError) {
        log.error({ err, method: ctx.method, path: ctx.path }, 'unhandled error');
        appError = new AppError(500, 'internal', 'Something went wrong on our side. The error has been logged.');
      } else if (appError.status >= 500) {
        log.warn({ err, path: ctx.path }, appError.message);
      }
      ctx.status = appError.status;
      if (appError.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="Cadence"');
      if (appError.extra.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(appError.extra.retryAfterSeconds));
      ctx.body = {
        error: {
          code: appError.code,
          message: appError.message,
          ...(appError.details?.length ? { details: appError.details } : {}),
          ...(appError.extra.current !== undefined ? { current: appError.extra.current } : {}),
        },
      };
    }
  };
}
