import {
  CACHE_KEYS,
  applyCampaignChange,
  isPagedCampaignQuery,
  type Campaign,
  type CampaignChange,
  type CampaignListQuery,
} from '@cadence/core';
import type { QueryStore } from './query-store';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** A realtime message that names a whole campaign (insert, update) or a deleted one's id; null for anything else. */
export function asCampaignChange(message: unknown): CampaignChange | null {
  if (!isObject(message)) return null;
  const { op, row, id } = message;
  if (op === 'delete') {
    const deleted = typeof id === 'string' ? id : isObject(row) && typeof row.id === 'string' ? row.id : null;
    return deleted ? { op, id: deleted } : null;
  }
  if ((op === 'insert' || op === 'update') && isObject(row) && typeof row.id === 'string' && typeof row.version === 'number'
    && typeof row.created_at === 'string' && typeof row.live_date === 'string' && Array.isArray(row.channels)) {
    return { op, row: row as unknown as Campaign };
  }
  return null;
}

/** The query a cached campaign list was fetched with, read back from its key (campaignsKey, campaignPagesKey). */
export function queryOf(key: string, prefix: string = CACHE_KEYS.campaigns): CampaignListQuery | null {
  try {
    const query: unknown = JSON.parse(key.slice(prefix.length));
    return isObject(query) ? (query as CampaignListQuery) : null;
  } catch {
    return null;
  }
}

/**
 * Applies a campaign change to every cached campaign list in place, by core's rules of what
 * each list's query returns (docs/adr/0021-realtime-changes-applied-in-place.md). A page
 * (limit/offset) cannot place a row without its neighbours: it is refetched if on screen,
 * else marked stale. Returns false when the message is not a change it can apply.
 */
export function applyCampaignMessage(store: QueryStore, message: unknown): boolean {
  const change = asCampaignChange(message);
  if (!change) return false;
  for (const key of store.keys(CACHE_KEYS.campaigns)) {
    const query = queryOf(key);
    if (!query || isPagedCampaignQuery(query)) store.invalidate(key);
    else store.apply<Campaign[]>(key, (list) => applyCampaignChange(list, change, query));
  }
  return true;
}

