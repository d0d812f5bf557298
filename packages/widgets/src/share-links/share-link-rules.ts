import { SHARE_LINK_DEFAULT_FIELDS, SHARE_LINK_FIELDS, addDays, type ShareLink, type ShareLinkField } from '@cadence/core';

/** The share dialog's starting values: a month from today, briefs and owners hidden. */
export function defaultShareForm(today: string): { expires_on: string; password: string; fields: ShareLinkField[] } {
  return { expires_on: addDays(today, 30), password: '', fields: [...SHARE_LINK_DEFAULT_FIELDS] };
}

/** The earliest expiry the dialog offers: tomorrow (the server takes today too). */
export const earliestExpiry = (today: string): string => addDays(today, 1);

/** Toggles a field, keeping the groups in their usual order. */
export const toggleField = (fields: readonly ShareLinkField[], f: ShareLinkField): ShareLinkField[] =>
  SHARE_LINK_FIELDS.filter((x) => (x === f ? !fields.includes(f) : fields.includes(x)));

/** "3 visits · expires 2026-04-10 · password": a link's line in the dialog's list. */
export function linkSummary(l: Pick<ShareLink, 'visits' | 'expires_on' | 'has_password'>): string {
  return [`${l.visits} ${l.visits === 1 ? 'visit' : 'visits'}`, `expires ${l.expires_on}`, ...(l.has_password ? ['password'] : [])].join(' · ');
}

/** The page's full address, from where the app is served. */
export const linkUrl = (origin: string, path: string): string => `${origin.replace(/\/+$/, '')}${path}`;
