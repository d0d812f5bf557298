import type { ErrorCode, ErrorDetail } from '@cadence/core';

/** The one error type handlers throw; `onerror` maps it to a response. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly extra: { current?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const validationFailed = (message: string, details: ErrorDetail[] = []) =>
  new AppError(400, 'validation_failed', message, details);
export const fieldError = (path: string, message: string) => validationFailed(message, [{ path, message }]);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const alreadyExists = (message: string) => new AppError(409, 'already_exists', message);
export const conflict = (current: unknown) =>
  new AppError(412, 'conflict', 'This item was changed by someone else. Review the current version and try again.', undefined, {
    current,
  });
export const payloadTooLarge = (message = 'Request body is too large') => new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string, expected: readonly string[] = []) =>
  new AppError(415, 'unsupported_media_type', message, expected.length ? [{ path: 'Content-Type', message: `Expected ${expected.join(' or ')}` }] : []);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new AppError(429, 'rate_limited', message, undefined, { retryAfterSeconds });
export const unavailable = (message = 'The service is temporarily unavailable. Try again shortly.') =>
  new AppError(503, 'unavailable', message);
/** A revert would overwrite a later change: 409, naming the fields (docs/adr/0028). */
export const revertConflict = (message: string, fields: readonly string[]) =>
  new AppError(409, 'revert_conflict', message, fields.map((path) => ({ path, message: 'Changed after this entry' })));
