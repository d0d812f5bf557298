import type { Knex } from 'knex';
import { ALL_FEED_TABLES as FEED_TABLES } from '../realtime/feed-tables';
import { RANKS } from '../realtime/feed';

/**
 * After a restore the feed starts afresh (docs/adr/0023): the restored rows carry the old
 * database's transaction ids (`change_xid`), which mean nothing here and could even lie ahead of
 * this server's, so they are cleared to 0 (never sent), the old tombstones go, and every
 * position before the restoring transaction counts as pruned. A client resuming from a `seq` of
 * the old database is told to `resync` (below: pruned; above: ahead of this database, see
 * ChangeHub.isPruned) and refetches, instead of silently missing or skipping changes.
 *
 * Runs with the tables' triggers off, so clearing the stamps does not stamp them again. This is
 * the one part of restore that knows the realtime tables; it does nothing when they are not there.
 */
export async function startNewChangeEpoch(trx: Knex.Transaction): Promise<number | null> {
  if (!(await trx.schema.hasTable('changes_meta'))) return null;
  for (const table of FEED_TABLES) {
    if (await trx.schema.hasColumn(table, 'change_xid')) await trx(table).whereNot('change_xid', 0).update({ change_xid: 0 });
  }
  // The counts' history of a row (docs/adr/0034) names the old database's transactions too.
  if (await trx.schema.hasColumn('campaigns', 'created_xid')) {
    await trx('campaigns').whereNot('created_xid', 0).orWhereNotNull('counted_before').update({ created_xid: 0, counted_before: null });
  }
  if (await trx.schema.hasTable('change_marks')) await trx('change_marks').del();
  const result = await trx.raw('SELECT pg_current_xact_id()::text::bigint AS xid');
  const xid = Number((result.rows ?? result)[0].xid);
  const start = xid * RANKS;
  await trx('changes_meta').update({ pruned_through: start });
  return start;
}
