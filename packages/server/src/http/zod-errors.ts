import { MESSAGES, type ErrorDetail } from '@cadence/core';
import type { z } from 'zod';
import { validationFailed, type AppError } from '../errors';
import { PLAIN, fieldLabel, plainErrorMap, withListNoun } from './plain-messages';

const specMessages = new Set<string>(Object.values(MESSAGES));

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
/** "appUrl must be a URL" names its field already; "Must be a date (YYYY-MM-DD)" does not. */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const mentionsField = (message: string, path: PropertyKey[]) => {
  const key = squash(String(path[path.length - 1] ?? ''));
  return !!key && squash(message).includes(key);
};

/**
 * Turns a zod error into the API's error: every bad or unknown field named in `details` (a
 * machine-readable path and a message a person can act on), and a first line such as
 * "Channels: choose at least one channel". The product's own messages are passed through as they are.
 */
export function fromZodError(error: z.ZodError, prefix = ''): AppError {
  const pathOf = (path: PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join('.') || 'body';
  const details: ErrorDetail[] = [];
  const lines: string[] = [];
  const add = (path: PropertyKey[], raw: string) => {
    const plain = raw.startsWith(PLAIN);
    const text = plain ? withListNoun(raw.slice(PLAIN.length), path) : raw;
    details.push({ path: pathOf(path), message: plain ? capitalize(text) : text });
    lines.push(plain || !mentionsField(text, path) ? `${fieldLabel(prefix ? [prefix, ...path] : path)}: ${lowerFirst(text)}` : text);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], `${PLAIN}unknown field`);
    } else {
      add(issue.path, issue.message);
    }
  }
  const spec = details.find((d) => specMessages.has(d.message));
  return validationFailed(spec?.message ?? lines[0] ?? 'Invalid request', details);
}

/** Parses `input` or throws a 400 naming each bad field in plain words. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input, { error: plainErrorMap, reportInput: false });
  if (!result.success) throw fromZodError(result.error, prefix);
  return result.data;
}
