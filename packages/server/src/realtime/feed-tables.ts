import { FEED_TABLES, TABLE_TOPIC } from '../db/migrations/20261125010000_feed_on_data_rows';

/**
 * Every table the realtime feed reads (docs/adr/0023): the data tables of the migration that
 * started the feed, and saved views (issue 20, migration 20261127000000), which carry the same
 * `change_xid` stamp and leave the same tombstones.
 */
export const ALL_FEED_TABLES = [...FEED_TABLES, 'saved_views'] as const;
export type FeedTable = (typeof ALL_FEED_TABLES)[number];

export const FEED_TABLE_TOPIC: Record<FeedTable, string> = { ...TABLE_TOPIC, saved_views: 'saved_views' };

/** Tables whose rows keep the read-relevant fields of earlier states (`access_before`). */
export const TABLES_WITH_ACCESS_BEFORE: ReadonlySet<string> = new Set(['campaigns', 'saved_views']);
