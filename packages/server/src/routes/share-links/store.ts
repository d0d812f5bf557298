import { shareLinkExpired, todayYmd, type ShareLink, type ShareLinkField } from '@cadence/core';
import type { Knex } from 'knex';
import { iso } from '../../data/present';

/** A link as the lists show it: never its secret or its password's hash. */
export interface ShareLinkRaw {
  id: string;
  view_id: string;
  view_name: string;
  created_by: string;
  created_by_email: string;
  expires_on: string;
  has_password: boolean;
  fields: string[] | null;
  visits: number;
  last_visited_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export const selectLinks = (db: Knex): Knex.QueryBuilder =>
  db('share_links AS l')
    .join('saved_views AS v', 'v.id', 'l.view_id')
    .join('users AS u', 'u.id', 'l.created_by')
    .select(
      'l.id', 'l.view_id', 'v.name AS view_name', 'l.created_by', 'u.email AS created_by_email', 'l.expires_on',
      db.raw('(l.password_hash IS NOT NULL) AS has_password'), 'l.fields', 'l.visits', 'l.last_visited_at', 'l.revoked_at', 'l.created_at',
    )
    .orderBy([{ column: 'l.created_at', order: 'desc' }, { column: 'l.id' }]);

/** Only links that still open: not revoked, not past their expiry date. */
export const whereOpen = (q: Knex.QueryBuilder, today = todayYmd()): Knex.QueryBuilder => q.whereNull('l.revoked_at').where('l.expires_on', '>=', today);

export function presentLink(raw: ShareLinkRaw, today = todayYmd()): ShareLink {
  const expires_on = String(raw.expires_on).slice(0, 10);
  return {
    id: raw.id,
    view_id: raw.view_id,
    view_name: raw.view_name,
    created_by: raw.created_by,
    created_by_email: raw.created_by_email,
    expires_on,
    has_password: !!raw.has_password,
    fields: (raw.fields ?? []) as ShareLinkField[],
    visits: Number(raw.visits),
    last_visited_at: iso(raw.last_visited_at),
    revoked_at: iso(raw.revoked_at),
    created_at: iso(raw.created_at)!,
    expired: shareLinkExpired(expires_on, today),
  };
}
