import { FEED_TABLES } from '../data/registry';

/** Every table the realtime feed reads (docs/adr/0023): the registry's feed entities' tables. */
export const ALL_FEED_TABLES: readonly string[] = FEED_TABLES.map((f) => f.table);

/** Tables whose rows keep the read-relevant fields of earlier states (`access_before`). */
export const TABLES_WITH_ACCESS_BEFORE: ReadonlySet<string> = new Set(['campaigns', 'saved_views']);
