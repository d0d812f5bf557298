/**
 * The opaque cursor of a campaign list page (docs/adr/0020): where the previous page ended in the
 * list's order (created_at desc, id desc). It is base64url of `created_at|id`, created_at in UTC with
 * the database's microseconds, so rows created within one millisecond are still told apart.
 */
export interface ListCursor {
  /** e.g. `2026-11-24T05:44:38.123456Z` */
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Text as unpadded base64url, the form of every list cursor. */
export function toCursorText(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A cursor's text, or null for anything that is not base64url of at most `maxLength` characters. */
export function fromCursorText(cursor: string, maxLength: number): string | null {
  if (!BASE64URL.test(cursor) || cursor.length > maxLength) return null;
  try {
    return atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeListCursor(c: ListCursor): string {
  return toCursorText(`${c.createdAt}|${c.id}`);
}

/** The cursor's position, or null for anything this list did not hand out. */
export function decodeListCursor(cursor: string): ListCursor | null {
  const text = fromCursorText(cursor, 200);
  if (text === null) return null;
  const [createdAt, id, ...rest] = text.split('|');
  if (rest.length || !createdAt || !id || !TIMESTAMP.test(createdAt) || !UUID.test(id)) return null;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}
