import { CadenceApiError } from '@cadence/core';

// The server's errors as the memory client throws them (a leaf: the tables and the log both use it).

export const notFound = () => new CadenceApiError(404, 'not_found', 'Not found');
export const forbidden = () => new CadenceApiError(403, 'forbidden', 'You may not do that');
export const conflict = (current: unknown) =>
  new CadenceApiError(412, 'conflict', 'This row was changed by someone else', [], current);

/** A 400 naming each bad field, as the server's schema check answers. */
export function validation(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): CadenceApiError {
  const details = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return new CadenceApiError(400, 'validation_failed', details[0]?.message ?? 'Invalid request', details);
}
