import { can, intersectRights, shareLinkExpired, storedViewFilter, todayYmd, type Principal, type SavedView } from '@cadence/core';
import type { Services } from '../services';
import type { AuthState } from './auth-state';
import { loadSessionPrincipal } from './principal-query';
import { toPrincipal } from './users';

/** How long an opened link's credential lasts; the page opens the link again for a new one. */
export const LINK_CREDENTIAL_TTL_SECONDS = 30 * 60;

export interface ShareLinkRecord {
  id: string;
  created_by: string;
  expires_on: string;
  password_hash: string | null;
  fields: string[];
  revoked_at: Date | null;
  view_id: string;
  view_name: string;
  view_dashboard: SavedView['dashboard'];
  view_query: string;
  view_shared: boolean;
  view_owner: string | null;
}

// Date columns arrive as strings (db/connect.ts), never as Dates.
const ymd = (v: unknown): string => String(v).slice(0, 10);

/** A link that still opens (not revoked, not past its expiry date), with its view; null for any other. */
export async function findOpenLink(s: Services, where: { 'l.token_hash': string } | { 'l.id': string }): Promise<ShareLinkRecord | null> {
  const row = await s.db('share_links AS l')
    .join('saved_views AS v', 'v.id', 'l.view_id')
    .where(where)
    .whereNull('l.revoked_at')
    .first<ShareLinkRecord | undefined>(
      'l.id', 'l.created_by', 'l.expires_on', 'l.password_hash', 'l.fields', 'l.revoked_at', 'l.view_id',
      'v.name AS view_name', 'v.dashboard AS view_dashboard', 'v.query AS view_query', 'v.shared AS view_shared', 'v.created_by AS view_owner',
    );
  if (!row || shareLinkExpired(ymd(row.expires_on), todayYmd())) return null;
  return { ...row, expires_on: ymd(row.expires_on), fields: row.fields ?? [] };
}

/**
 * The principal a link's credential reads as, as the link is now (docs/adr/0061): the sharer's
 * current rights, narrowed to the view owner's when they differ (as a bound key's are, docs/adr/0036),
 * none at all when the sharer may no longer read the view; read-only; the view's filter as it is now.
 */
export async function loadShareLinkAuth(s: Services, linkId: string): Promise<AuthState | null> {
  const link = await findOpenLink(s, { 'l.id': linkId });
  const record = link && (await loadSessionPrincipal(s.db, link.created_by, null));
  if (!link || !record) return null;
  let rights: Pick<Principal, 'role' | 'permissions'> = record;
  const view = { dashboard: link.view_dashboard, shared: link.view_shared, created_by: link.view_owner };
  if (!can(toPrincipal(record), 'read', 'view', view)) rights = { role: null, permissions: [] };
  else if (link.view_owner !== link.created_by) {
    const owner = link.view_owner ? await loadSessionPrincipal(s.db, link.view_owner, null) : null;
    rights = intersectRights(record, owner ?? { role: null, permissions: [] });
  }
  return Object.freeze({
    principal: Object.freeze(
      toPrincipal({ ...record, role: rights.role, permissions: [...rights.permissions] }, {
        // Not an access key's id (no row of access_keys): it marks the principal as a key's kind, which never administers or writes.
        accessKeyId: `link:${link.id}`,
        readOnly: true,
        channels: null,
        campaignFilter: storedViewFilter({ dashboard: link.view_dashboard, query: link.view_query ?? '' }),
      }),
    ),
    user: record.user,
    sessionId: null,
    view: { id: link.view_id, name: link.view_name, ownerId: link.view_owner },
    link: Object.freeze({ id: link.id, fields: Object.freeze([...link.fields]), expiresOn: link.expires_on }),
  });
}
