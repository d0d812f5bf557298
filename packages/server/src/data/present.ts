/** Timestamps leave the server as ISO 8601 UTC strings, whichever driver read them. */
export const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

export function withIsoTimestamps<T extends { created_at: unknown; updated_at?: unknown }>(raw: T): T {
  // The realtime feed's bookkeeping (docs/adr/0023) stays in the database.
  const { change_xid: _xid, access_before: _was, ...fields } = raw as T & { change_xid?: unknown; access_before?: unknown };
  return {
    ...(fields as T),
    created_at: iso(raw.created_at as Date),
    ...('updated_at' in raw ? { updated_at: iso(raw.updated_at as Date) } : {}),
  };
}
