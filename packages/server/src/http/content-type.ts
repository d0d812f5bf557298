import type { Context } from 'koa';
import { unsupportedMediaType } from '../errors';

export const JSON_TYPE = 'application/json';

/** `application/json` and structured-syntax types such as `application/merge-patch+json`. */
const isJson = (type: string) => type === JSON_TYPE || /^application\/[\w.-]+\+json$/.test(type);

const hasBody = (ctx: Context) => (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';

/** What a route reads from a request's body: JSON, files of the listed types, or nothing. */
export interface BodyKinds {
  json: boolean;
  /** Non-JSON types the route also takes (CSV, multipart uploads). */
  consumes: readonly string[];
}

/**
 * Refuses a body the route cannot read, before anything is parsed or written, so a form post or an
 * XML document to a JSON route is a 415 instead of an empty update answered 200. A route that
 * takes a body needs its type named (a missing Content-Type is refused); a route that takes none
 * accepts a request without a body, or with an (ignored) JSON one.
 */
export function checkContentType(ctx: Context, kinds: BodyKinds): void {
  const type = ctx.request.type; // lower-case, parameters removed; '' when absent
  const takesBody = kinds.json || kinds.consumes.length > 0;
  if (!takesBody) {
    if (!hasBody(ctx) || isJson(type)) return;
    throw unsupportedMediaType(`This request takes no body; send none (Content-Type ${type || 'missing'} is not accepted)`);
  }
  if ((kinds.json && isJson(type)) || kinds.consumes.includes(type)) return;
  const expected = [...(kinds.json ? [JSON_TYPE] : []), ...kinds.consumes];
  const sent = type ? `Content-Type ${type} is not accepted` : 'The request has no Content-Type';
  throw unsupportedMediaType(`${sent}; send ${expected.join(' or ')}`, expected);
}
