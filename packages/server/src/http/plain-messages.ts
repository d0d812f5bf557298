import type { z } from 'zod';

/**
 * Validation messages in plain words, for the issues whose schema gave no message of its own
 * ("choose at least one channel" instead of "Too small: expected array to have >=1 items").
 * The product's own texts, set on the schemas, always win over these.
 */

/** Marks a message made here, so the field's name can be put in front of it later. */
export const PLAIN = '\u0001';

const kindOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
};

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  null: 'null',
};

const FORMATS: Record<string, string> = {
  email: 'must be a valid e-mail address',
  url: 'must be a web address such as https://example.com',
  uuid: 'must be an id (a UUID)',
  guid: 'must be an id (a UUID)',
  datetime: 'must be a date and time such as 2026-03-04T09:30:00Z',
  date: 'must be a date such as 2026-03-04',
  time: 'must be a time such as 09:30',
};

const count = (n: number | bigint, one: string, many: string) => (Number(n) === 1 ? `one ${one}` : `${n} ${many}`);

type Issue = z.core.$ZodRawIssue;

function tooSmall(iss: Extract<Issue, { code: 'too_small' }>): string {
  const n = iss.minimum;
  switch (iss.origin) {
    case 'string':
      return Number(n) <= 1 ? "can't be empty" : `must be at least ${n} characters`;
    case 'array':
    case 'set':
      return `choose at least ${count(n, 'item', 'items')}`;
    default:
      return iss.inclusive ? `must be at least ${n}` : `must be more than ${n}`;
  }
}

function tooBig(iss: Extract<Issue, { code: 'too_big' }>): string {
  const n = iss.maximum;
  switch (iss.origin) {
    case 'string':
      return `must be at most ${n} characters`;
    case 'array':
    case 'set':
      return `can hold at most ${count(n, 'item', 'items')}`;
    default:
      return iss.inclusive ? `must be at most ${n}` : `must be less than ${n}`;
  }
}

function describe(iss: Issue): string {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return 'is required';
      return `must be ${EXPECTED[iss.expected] ?? iss.expected}, not ${kindOf(iss.input)}`;
    case 'too_small':
      return tooSmall(iss);
    case 'too_big':
      return tooBig(iss);
    case 'invalid_format':
      return FORMATS[iss.format] ?? 'is not in the expected format';
    case 'invalid_value': {
      const values = iss.values.map((v) => JSON.stringify(v));
      return values.length <= 12 ? `must be one of ${values.join(', ')}` : 'is not one of the accepted values';
    }
    case 'not_multiple_of':
      return Number(iss.divisor) === 0.01 ? 'can have at most 2 decimals' : `must be a multiple of ${iss.divisor}`;
    case 'unrecognized_keys':
      return 'unknown field';
    case 'invalid_union':
      return 'does not match any accepted form';
    case 'invalid_key':
    case 'invalid_element':
      return 'holds a value that is not accepted';
    default:
      return 'is not valid';
  }
}

/** The per-parse error map: used by zod only where a schema set no message itself. */
export const plainErrorMap = (iss: Issue): string => PLAIN + describe(iss);

const humanize = (key: string) => {
  const words = key.replace(/_id$/, '').replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const singular = (word: string) => word.replace(/ies$/, 'y').replace(/s$/, '');

/**
 * "Channels", "Title (row 4)", "Request body": the name people know a field by, from its path.
 * Array items are named after their list ("rows" → "row 4").
 */
export function fieldLabel(path: ReadonlyArray<PropertyKey>): string {
  const keys = path.map(String);
  if (!keys.length) return 'Request body';
  const last = keys.length - 1;
  const index = [...keys].reverse().findIndex((k) => /^\d+$/.test(k));
  if (index === -1) return humanize(keys[last]!);
  const at = last - index;
  const list = singular(humanize(keys[at - 1] ?? 'item').toLowerCase());
  const item = `${list} ${Number(keys[at]) + 1}`;
  return at === last ? humanize(item) : `${humanize(keys[last]!)} (${item})`;
}

/** "choose at least one item" on `channels` reads better as "choose at least one channel". */
export function withListNoun(message: string, path: ReadonlyArray<PropertyKey>): string {
  const key = path.length ? String(path[path.length - 1]) : '';
  if (!key || /^\d+$/.test(key)) return message;
  const noun = singular(humanize(key).toLowerCase());
  const verb = key === 'rows' ? 'add' : 'choose';
  return message.replace(/^choose at least one item$/, `${verb} at least one ${noun}`).replace(/^choose at least (\d+) items$/, `${verb} at least $1 ${humanize(key).toLowerCase()}`);
}
