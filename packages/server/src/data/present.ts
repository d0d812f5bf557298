/** Timestamps leave the server as ISO 8601 UTC strings, whichever driver read them. */
export const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

/** The realtime feed's bookkeeping columns (docs/adr/0023, 0034): they stay in the database. */
export function withoutFeedBookkeeping<T extends object>(raw: T): T {
  const { change_xid: _xid, access_before: _was, counted_before: _counted, created_xid: _created, ...fields } = raw as T & Record<string, unknown>;
  return fields as T;
}

export function withIsoTimestamps<T extends { created_at: unknown; updated_at?: unknown }>(raw: T): T {
  const fields = withoutFeedBookkeeping(raw);
  return {
    ...(fields as T),
    created_at: iso(raw.created_at as Date),
    ...('updated_at' in raw ? { updated_at: iso(raw.updated_at as Date) } : {}),
  };
}
