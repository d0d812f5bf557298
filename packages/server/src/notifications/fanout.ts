import { recipientsOf, type NotificationData } from '@cadence/core';
import type { Knex } from 'knex';
import { afterCommit, type BackgroundTask } from '../jobs/background';
import type { Services } from '../services';
import { watchersOf } from '../watching/watchers';
import { notify } from './notify';

// Fan-out after commit (docs/adr/0060): news for a campaign's every watcher is queued by the write
// as ONE `notification_fanouts` row, so the write costs the same with 1,000 watchers as with none.
// This task expands each row into the watchers' inbox items after the write commits: whoever
// watches the campaign and may read it then, with their own delivery preferences (`notify`'s
// statement). The claim, the items and the row's delete are one transaction: a crash rolls all
// three back and the row is expanded later, once; `SKIP LOCKED` shares the rows between processes.

export const FANOUT_TASK = 'notification-fanout';
/** Rows expanded per tick, each in its own transaction (a tick that found work runs again at once). */
const BATCH = 20;

type Ctx = Pick<Services, 'db' | 'background' | 'log'>;

export interface CampaignChangedFanout {
  campaignId: string;
  actorId: string | null;
  data: NotificationData;
}

/** In the write's transaction: one row for all of the campaign's watchers; the task is woken once it commits. */
export async function queueCampaignChanged(s: Pick<Services, 'background'>, trx: Knex, e: CampaignChangedFanout): Promise<void> {
  await trx('notification_fanouts').insert({ kind: 'campaign_changed', campaign_id: e.campaignId, actor_id: e.actorId, data: JSON.stringify(e.data) });
  afterCommit(trx, () => s.background.wake(FANOUT_TASK));
}

interface FanoutRow {
  id: string;
  kind: 'campaign_changed';
  campaign_id: string;
  actor_id: string | null;
  data: NotificationData | string;
  created_at: Date | string;
}

/** Claims the oldest row no other process holds, or none. */
export async function claimFanout(trx: Knex): Promise<FanoutRow | null> {
  const { rows } = (await trx.raw(
    'SELECT id, kind, campaign_id, actor_id, data, created_at FROM notification_fanouts ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED',
  )) as { rows: FanoutRow[] };
  return rows[0] ?? null;
}

/** Writes a claimed row's items (the watchers now, less the actor) and deletes it, in the claim's transaction. Answers how many items. */
export async function expandFanout(s: Pick<Services, 'background'>, trx: Knex, row: FanoutRow): Promise<number> {
  const to = recipientsOf(await watchersOf(trx, row.campaign_id), row.actor_id);
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as NotificationData) : row.data;
  const createdAt = row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at);
  const written = await notify(
    trx,
    to.map((user_id) => ({ user_id, kind: row.kind, campaign_id: row.campaign_id, actor_id: row.actor_id, data, created_at: createdAt })),
    s.background,
  );
  await trx('notification_fanouts').where({ id: row.id }).delete();
  return written;
}

/** PostgreSQL's lock_not_available: NOWAIT found the campaign locked. */
const LOCK_NOT_AVAILABLE = '55P03';
const BUSY_RETRIES = 20;
const BUSY_WAIT_MS = 50;

export function fanoutTask(s: Ctx): BackgroundTask {
  return {
    name: FANOUT_TASK,
    // Woken by each write after it commits; the interval only catches rows left by a crash or queued by another process.
    intervalMs: 15_000,
    async tick() {
      let expanded = 0;
      let busy = 0;
      while (expanded < BATCH) {
        let done: boolean | 'busy';
        try {
          done = await s.db.transaction(async (trx) => {
            const row = await claimFanout(trx);
            if (!row) return false;
            // The items' campaign key is share-locked by their INSERT; a delete of that campaign
            // locks it first, then waits for this claimed row to cascade into it: taking the
            // campaign's lock now without waiting keeps the two from deadlocking (the delete won).
            await trx.raw('SELECT 1 FROM campaigns WHERE id = ? FOR KEY SHARE NOWAIT', [row.campaign_id]);
            await expandFanout(s, trx, row);
            return true;
          });
        } catch (err) {
          if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw err;
          done = 'busy';
        }
        if (done === 'busy') {
          // The campaign is being written: a delete takes the row with it; otherwise try again shortly.
          if (++busy > BUSY_RETRIES) break;
          await new Promise((r) => setTimeout(r, BUSY_WAIT_MS));
          continue;
        }
        if (!done) break;
        expanded++;
      }
      return expanded;
    },
  };
}
