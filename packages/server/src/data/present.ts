/** Timestamps leave the server as ISO 8601 UTC strings, whichever driver read them. */
export const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

export function withIsoTimestamps<T extends { created_at: unknown; updated_at?: unknown }>(raw: T): T {
  return {
    ...raw,
    created_at: iso(raw.created_at as Date),
    ...('updated_at' in raw ? { updated_at: iso(raw.updated_at as Date) } : {}),
  };
}
