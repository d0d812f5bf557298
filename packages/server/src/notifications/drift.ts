import { addDays, driftsPast, recipientsOf, todayYmd, type Principal } from '@cadence/core';
import type { BackgroundTask } from '../jobs/background';
import { comparePlan } from '../history/as-of';
import type { Services } from '../services';
import { watchersOf } from '../watching/watchers';
import { notify, type NotificationItem } from './notify';

// The drift item (docs/adr/0063, addendum): when a campaign's go-live has slipped past the latest
// saved baseline's by more than DRIFT_DIGEST_DAYS (core's `driftsPast`), its watchers hear of it,
// once per campaign and baseline. A sweep rather than a hook on each write: the slip is measured
// against a moment, so a baseline saved today finds the slips made before it, and the comparison
// is one query (history/as-of.ts) however many campaigns moved.

export const DRIFT_TASK = 'baseline-drift';
/** How far ahead the sweep looks: the plan still to come (BASELINE_LIMITS.maxRangeDays is 800). */
const AHEAD_DAYS = 730;

type Ctx = Pick<Services, 'db' | 'background' | 'config'>;

/** The sweep reads every campaign (admin's reading); each watcher is then judged by `notify`'s read check, as it is now. */
const SWEEP: Principal = { userId: '00000000-0000-0000-0000-000000000000', role: 'admin', permissions: [] };

/** One sweep: answers how many items were written. `today` is the server's day (a test sets it). */
export async function sweepDrift(s: Ctx, today = todayYmd(new Date())): Promise<number> {
  const latest = await s.db('baselines').orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }]).first('id', 'name', 'at');
  if (!latest) return 0;
  const threshold = s.config.DRIFT_DIGEST_DAYS;
  const { campaigns } = await comparePlan(s.db, SWEEP, new Date(latest.at).toISOString(), today, addDays(today, AHEAD_DAYS));
  // Only the plan still to come: a campaign already live is history, not news.
  const drifted = campaigns.filter((c) => c.change === 'moved' && c.now && c.now.live_date >= today && driftsPast(c, threshold));
  if (!drifted.length) return 0;
  return s.db.transaction(async (trx) => {
    // The claim: one row per baseline and campaign, so each slip is told once, by whichever process inserts it.
    const claimed: Array<{ campaign_id: string }> = (
      await trx.raw(
        `INSERT INTO baseline_drift_alerts (baseline_id, campaign_id, slip_days)
           SELECT ?, x.campaign_id, x.slip_days FROM jsonb_to_recordset(?::jsonb) AS x(campaign_id uuid, slip_days int)
           JOIN campaigns c ON c.id = x.campaign_id
         ON CONFLICT DO NOTHING RETURNING campaign_id`,
        [latest.id, JSON.stringify(drifted.map((c) => ({ campaign_id: c.id, slip_days: c.slip_days })))],
      )
    ).rows;
    const told = new Set(claimed.map((r) => r.campaign_id));
    const items: NotificationItem[] = [];
    for (const c of drifted.filter((d) => told.has(d.id))) {
      const data = { campaign_title: c.title, baseline_name: latest.name as string, slip_days: c.slip_days!, was_live: c.then!.live_date, live_date: c.now!.live_date };
      for (const user_id of recipientsOf(await watchersOf(trx, c.id), null)) items.push({ user_id, kind: 'campaign_drifted', campaign_id: c.id, actor_id: null, data });
    }
    return notify(trx, items, s.background);
  });
}

/** Hourly: a slip shows up in the next digest without a sweep per write. */
export const driftTask = (s: Ctx): BackgroundTask => ({ name: DRIFT_TASK, intervalMs: 60 * 60_000, tick: () => sweepDrift(s) });
