import { MESSAGES, type ErrorDetail } from '@cadence/core';
import type { z } from 'zod';
import { validationFailed, type AppError } from '../errors';

const specMessages = new Set<string>(Object.values(MESSAGES));

/** Turns a zod error into the API's error: every bad or unknown field named in `details`. */
export function fromZodError(error: z.ZodError, prefix = ''): AppError {
  const at = (path: PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join('.') || 'body';
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ path: at([...issue.path, key]), message: 'Unknown field' });
    } else {
      details.push({ path: at(issue.path), message: issue.message });
    }
  }
  const spec = details.find((d) => specMessages.has(d.message));
  const first = details[0];
  const message = spec
    ? spec.message
    : first
      ? `${first.path ? `${first.path}: ` : ''}${first.message}`
      : 'Invalid request';
  return validationFailed(message, details);
}

/** Parses `input` or throws a 400 naming each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error, prefix);
  return result.data;
}
