/**
 * `watchers`: a campaign watched by 1,000 people is moved (one PATCH of live_date). The move's
 * transaction queues one fan-out row; a background task woken by its commit writes each watcher's
 * "campaign_changed" inbox item in one INSERT … SELECT (docs/adr/0060); the mail leaves later. The figures: time from sending
 * the PATCH to each of 50 watchers' open sockets receiving its item (p95), and the PATCH's own
 * latency against the same PATCH on a campaign nobody else watches (the request must not wait for
 * mail or webhooks).
 */
import WebSocket from 'ws';
import { createScratchDatabase } from '../lib/pg.js';
import { startBenchServer } from '../lib/server.js';
import { median, quantile, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';
import { call } from '../lib/api.js';

async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, k) => fn(i + k)))));
  return out;
}

const shift = (ymd: string, days: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const watchersSuite: Suite = {
  name: 'watchers',
  description: 'a campaign moved while 1,000 people watch it: every inbox item in one statement; move → 50 watchers\' bells (p95); the PATCH does not wait',
  async run(ctx) {
    const watchers = ctx.quick ? 100 : 1_000;
    const listening = ctx.quick ? 10 : 50;
    const moves = ctx.quick ? 3 : 20;
    const db = await createScratchDatabase(ctx.pgAdminUrl);
    // Password hashing is measured by `signin`; here it only slows the set-up of 1,000 accounts.
    const server = await startBenchServer({ databaseUrl: db.url, env: { BCRYPT_COST: '4' } });
    const sockets: WebSocket[] = [];
    try {
      const admin = { email: 'bench-admin@example.com', password: 'bench-password-1' };
      await call('POST', `${server.url}/api/auth/signup`, undefined, admin);
      const { access_token: token } = await call('POST', `${server.url}/api/auth/signin`, undefined, admin);
      const campaign = await call('POST', `${server.url}/api/campaigns`, token, { title: 'Watched launch', planning_start_date: '2027-03-01', live_date: '2027-03-16', channels: ['email'] });
      const quiet = await call('POST', `${server.url}/api/campaigns`, token, { title: 'Unwatched launch', planning_start_date: '2027-03-01', live_date: '2027-03-16', channels: ['email'] });

      ctx.log(`signing up ${watchers} watchers`);
      const people = await inBatches(watchers, 25, async (i) => {
        const who = { email: `watcher-${i}@example.com`, password: 'bench-password-1' };
        await call('POST', `${server.url}/api/auth/signup`, undefined, who);
        const session = await call('POST', `${server.url}/api/auth/signin`, undefined, who);
        await call('POST', `${server.url}/api/users/${session.user.id}/permissions`, token, { permission_type: 'global_view' });
        await call('PUT', `${server.url}/api/campaigns/${campaign.id}/watch`, session.access_token, { watching: true });
        return { id: session.user.id as string, token: session.access_token as string };
      });

      const wsUrl = `${server.url.replace('http', 'ws')}/api/realtime`;
      /** Per listening watcher, when its item of the current move arrived. */
      const arrived: Array<number | null> = [];
      await Promise.all(
        people.slice(0, listening).map(async (p, i) => {
          const ws = new WebSocket(wsUrl);
          sockets.push(ws);
          arrived[i] = null;
          await new Promise<void>((resolve, reject) => {
            ws.once('error', reject);
            ws.once('open', () => {
              ws.send(JSON.stringify({ type: 'auth', token: p.token }));
              ws.send(JSON.stringify({ type: 'subscribe', id: 'inbox', topic: 'notifications' }));
            });
            ws.on('message', (data) => {
              const at = performance.now();
              const msg = JSON.parse(String(data)) as { type: string; op?: string; row?: { campaign_id?: string } };
              if (msg.type === 'subscribed') resolve();
              else if (msg.type === 'error') reject(new Error(JSON.stringify(msg)));
              else if (msg.type === 'change' && msg.op === 'insert' && msg.row?.campaign_id === campaign.id && arrived[i] === null) arrived[i] = at;
            });
          });
        }),
      );

      const latencies: number[] = [];
      const watchedMs: number[] = [];
      const quietMs: number[] = [];
      let live = '2027-03-16';
      const before = Number((await call('GET', `${server.url}/api/notifications/unread-count`, people[watchers - 1]!.token)).count);
      const pause = () => new Promise((r) => setTimeout(r, 100));
      const quietMove = async (to: string) => {
        const q0 = performance.now();
        await call('PATCH', `${server.url}/api/campaigns/${quiet.id}`, token, { live_date: to });
        quietMs.push(performance.now() - q0);
      };
      for (let m = 0; m < moves; m++) {
        const to = shift(live, m % 2 === 0 ? 1 : -1);
        arrived.fill(null);
        // Each request starts on a settled server (the other's after-commit work done), and they take
        // turns going first, so neither pays for the other's background work.
        if (m % 2 === 0) {
          await quietMove(to);
          await pause();
        }
        const sentAt = performance.now();
        await call('PATCH', `${server.url}/api/campaigns/${campaign.id}`, token, { live_date: to });
        watchedMs.push(performance.now() - sentAt);
        const started = Date.now();
        while (arrived.some((a) => a === null)) {
          if (Date.now() - started > 30_000) throw new Error(`move ${m}: ${arrived.filter((a) => a === null).length} of ${listening} watchers heard nothing in 30 s`);
          await new Promise((r) => setTimeout(r, 2));
        }
        latencies.push(...arrived.map((a) => a! - sentAt));
        live = to;
        await pause();
        if (m % 2 === 1) {
          await quietMove(to);
          await pause();
        }
      }
      // The last watcher, with no socket, has an item per move too: every watcher was written to.
      const after = Number((await call('GET', `${server.url}/api/notifications/unread-count`, people[watchers - 1]!.token)).count);
      if (after - before !== moves) throw new Error(`the last watcher got ${after - before} items for ${moves} moves`);
      const p95 = quantile(latencies, 0.95);
      const ratio = median(watchedMs) / median(quietMs);
      ctx.log(`move → bells p95 ${round(p95)} ms; PATCH median ${round(median(watchedMs))} ms watched by ${watchers}, ${round(median(quietMs))} ms unwatched`);
      const rows: BenchRow[] = [
        {
          suite: 'watchers',
          name: `campaign moved, ${watchers} watchers: move → each watcher's bell, p95`,
          unit: 'ms',
          ours: round(p95),
          budget: { on: 'value', op: '<=', limit: 250 },
          detail: `${moves} moves × ${listening} watchers with a socket open (all ${watchers} get an item, written in one INSERT … SELECT by the fan-out task after the move commits); median ${round(median(latencies))} ms, max ${round(Math.max(...latencies))} ms`,
        },
        {
          suite: 'watchers',
          name: `PATCH live_date watched by ${watchers}, median`,
          unit: 'ms',
          ours: round(median(watchedMs)),
          peer: { name: 'the same PATCH on a campaign nobody else watches', value: round(median(quietMs)) },
          // The items are written after the commit: the watched PATCH costs what the unwatched one does, within noise.
          budget: { on: 'ratio', op: '<=', limit: 1.2 },
          detail: `${round(ratio, 2)}× the unwatched PATCH; p95 ${round(quantile(watchedMs, 0.95))} vs ${round(quantile(quietMs, 0.95))} ms; the items and the mail are written by background tasks afterwards`,
        },
      ];
      return rows;
    } finally {
      for (const ws of sockets) ws.terminate();
      await server.stop();
      await db.drop();
    }
  },
};
