import type { ErrorCode, ErrorDetail } from '../schemas/errors';

/** A failed API call: the server's error code, message and per-field details. */
export class CadenceApiError extends Error {
  override name = 'CadenceApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    message: string,
    readonly details: ErrorDetail[] = [],
    /** For 412 conflicts: the row as it is now on the server. */
    readonly current?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The message for one field, for showing beside its input. */
  fieldMessage(path: string): string | undefined {
    return this.details.find((d) => d.path === path)?.message;
  }
}

export const isConflict = (err: unknown): err is CadenceApiError => err instanceof CadenceApiError && err.status === 412;
